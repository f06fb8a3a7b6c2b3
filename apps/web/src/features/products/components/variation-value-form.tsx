import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MAX_SORT_ORDER,
  variationValueFormSchema,
  type VariationValue,
  type VariationValueInput,
} from '@posauto/shared/schemas/setting-lists';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { useVariationChoices } from '../api/product-settings';
import { FormActions } from '../../../components/crud/form-actions';

type Values = { variation_id: string | null; name: string; sort_order: number | string; status: boolean };

export function VariationValueForm({ item, submit, onCancel }: EntityFormProps<VariationValue, VariationValueInput>) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const variations = useVariationChoices();
  // A new value goes into the variation the list is filtered by, when it is.
  const initial: Values = {
    variation_id: item?.variation_id ?? params.get('variation_id'),
    name: item?.name ?? '',
    sort_order: item?.sort_order ?? '',
    status: item?.status ?? true,
  };
  // An empty order is left out: the server puts a new value last and keeps an edited value's order.
  const toInput = (v: Values): VariationValueInput => ({
    variation_id: v.variation_id!,
    name: v.name.trim(),
    sort_order: typeof v.sort_order === 'number' ? v.sort_order : undefined,
    status: v.status,
  });
  const { form, onSubmit, saving } = useEntityForm(variationValueFormSchema, initial, (v) => submit(toInput(v)));
  const data = (variations.data ?? []).map((v) => ({ value: v.id, label: v.status ? v.name : `${v.name} (${t('common.inactive')})` }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="variation-value-form">
      <Stack>
        <Select
          label={t('variation_value.variation')}
          placeholder={t('variation_value.variation_placeholder')}
          withAsterisk
          searchable
          data={data}
          nothingFoundMessage={t('common.no_match')}
          comboboxProps={{ zIndex: 2100 }}
          data-testid="value-variation"
          key={form.key('variation_id')}
          {...form.getInputProps('variation_id')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('variation_value.name')}
            placeholder={t('variation_value.name_placeholder')}
            withAsterisk
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <NumberInput
            label={t('variation_value.sort_order')}
            description={t('variation_value.sort_order_hint')}
            min={0}
            max={MAX_SORT_ORDER}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('sort_order')}
            {...form.getInputProps('sort_order')}
          />
        </SimpleGrid>
        <Switch label={t('common.active')} key={form.key('status')} {...form.getInputProps('status', { type: 'checkbox' })} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
