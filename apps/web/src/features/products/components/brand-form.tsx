import { brandInputSchema, type Brand, type BrandInput } from '@posauto/shared/schemas/catalogue-settings';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';

export function BrandForm({ item, submit, onCancel }: EntityFormProps<Brand, BrandInput>) {
  const initial = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const entity = useEntityForm(brandInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), description: v.description.trim() || null }),
  );
  return <NameDescriptionForm entity={entity} onCancel={onCancel} testId="brand-form" ns="brand" description="description" />;
}
