import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_DIRECTIONS,
  adjustmentTypeInputSchema,
  type AdjustmentType,
  type AdjustmentTypeInput,
} from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { NameDescriptionForm } from '../../../components/crud/name-description-form';
import { useEntityForm } from '../../../components/crud/use-entity-form';

type Values = { name: string; direction: AdjustmentTypeInput['direction'] | null; description: string; status: boolean };

export function AdjustmentTypeForm({ item, submit, onCancel }: EntityFormProps<AdjustmentType, AdjustmentTypeInput>) {
  const { t } = useTranslation();
  const initial: Values = {
    name: item?.name ?? '',
    direction: item?.direction ?? null,
    description: item?.description ?? '',
    status: item?.status ?? true,
  };
  const entity = useEntityForm(adjustmentTypeInputSchema, initial, (v) =>
    submit({ ...v, name: v.name.trim(), direction: v.direction!, description: v.description.trim() || null }),
  );
  return (
    <NameDescriptionForm
      entity={entity}
      onCancel={onCancel}
      testId="adjustment-type-form"
      ns="adjustment_type"
      description="description"
      choice={{
        field: 'direction',
        data: ADJUSTMENT_DIRECTIONS.map((d) => ({ value: d, label: t(`adjustment_type.directions.${d}`) })),
        testId: 'adjustment-direction',
      }}
    />
  );
}
