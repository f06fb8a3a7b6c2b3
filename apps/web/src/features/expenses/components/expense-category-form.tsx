import { z } from 'zod';
import { expenseCategoryInputSchema, type ExpenseCategory, type ExpenseCategoryInput } from '@posauto/shared/schemas/expenses';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';

type Values = { name: string; description: string; status: boolean };
const toInput = (v: Values): ExpenseCategoryInput => ({ name: v.name.trim(), description: v.description.trim() || null, status: v.status });
const formSchema = z.preprocess((v) => toInput(v as Values), expenseCategoryInputSchema);

export function ExpenseCategoryForm({ item, submit, onCancel }: EntityFormProps<ExpenseCategory, ExpenseCategoryInput>) {
  const initial: Values = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const entity = useEntityForm(formSchema, initial, (v) => submit(toInput(v)));
  return (
    <NameDescriptionForm
      entity={entity}
      onCancel={onCancel}
      testId="expense-category-form"
      ns="expenses.categories"
      description="description"
      placeholders={false}
      nameTestId="expense-category-name"
    />
  );
}
