import type { UseFormReturnType } from '@mantine/form';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { ProductFormValues } from '../lib/form-values';

export type ProductForm = UseFormReturnType<ProductFormValues>;

/** What every section of the product form is given. */
export interface SectionProps {
  form: ProductForm;
  currency: CurrencyCode;
  /** The product being edited (its id), or undefined when creating. */
  productId?: string;
}

/** The error of a field as text (Mantine keeps errors as nodes). */
export const fieldError = (form: ProductForm, path: string): string | undefined => {
  const e = form.errors[path];
  return e ? String(e) : undefined;
};
