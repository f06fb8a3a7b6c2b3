import { variationInputSchema, type Variation, type VariationInput } from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';

export function VariationForm({ item, submit, onCancel }: EntityFormProps<Variation, VariationInput>) {
  const initial = { name: item?.name ?? '', description: item?.description ?? '', status: item?.status ?? true };
  const entity = useEntityForm(variationInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), description: v.description.trim() || null }),
  );
  return <NameDescriptionForm entity={entity} onCancel={onCancel} testId="variation-form" ns="variation" description="description" />;
}
