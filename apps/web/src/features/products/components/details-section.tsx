import { Paper, Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandOptions, useCategoryOptions, useUnitOptions } from '../api/options';
import { sameBaseUnits } from '../lib/units';
import type { SectionProps } from './form-types';

const COMBO = { zIndex: 2100 };

/** Active choices, plus the one already chosen even if it was switched off since. */
const usable = <R extends { id: string; status: boolean }>(rows: readonly R[] | undefined, chosen: Array<string | null>) =>
  (rows ?? []).filter((r) => r.status || chosen.includes(r.id));

/** Category, brand and the units the product is counted, bought and sold in. */
export function DetailsSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const brands = useBrandOptions();
  const units = useUnitOptions();
  const v = form.getValues();
  const unitLabel = (u: { name: string; short_name: string }) => `${u.name} (${u.short_name})`;
  const allUnits = usable(units.data, [v.unit_id, v.purchase_unit_id, v.sale_unit_id]);
  const related = sameBaseUnits(v.unit_id, allUnits).map((u) => ({ value: u.id, label: unitLabel(u) }));
  const common = { searchable: true, clearable: true, nothingFoundMessage: t('common.no_match'), comboboxProps: COMBO };

  const chooseUnit = (id: string | null) => {
    form.setFieldValue('unit_id', id);
    // Purchase and sale units must share the new unit's base; by default they are the unit itself.
    const keep = new Set(sameBaseUnits(id, allUnits).map((u) => u.id));
    if (!v.purchase_unit_id || !keep.has(v.purchase_unit_id)) form.setFieldValue('purchase_unit_id', id);
    if (!v.sale_unit_id || !keep.has(v.sale_unit_id)) form.setFieldValue('sale_unit_id', id);
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_details')}</Title>
        <Select
          label={t('product.category')}
          placeholder={t('product.category_placeholder')}
          data={usable(categories.data, [v.category_id]).map((c) => ({ value: c.id, label: c.name }))}
          data-testid="category"
          {...common}
          {...form.getInputProps('category_id')}
        />
        <Select
          label={t('product.brand')}
          placeholder={t('product.brand_placeholder')}
          data={usable(brands.data, [v.brand_id]).map((b) => ({ value: b.id, label: b.name }))}
          data-testid="brand"
          {...common}
          {...form.getInputProps('brand_id')}
        />
        <Select
          label={t('product.unit')}
          placeholder={t('product.unit_placeholder')}
          data={allUnits.map((u) => ({ value: u.id, label: unitLabel(u) }))}
          data-testid="unit"
          {...common}
          {...form.getInputProps('unit_id')}
          onChange={chooseUnit}
        />
        <Select
          label={t('product.purchase_unit')}
          placeholder={t('product.same_base_placeholder')}
          data={related}
          disabled={!v.unit_id}
          data-testid="purchase-unit"
          {...common}
          {...form.getInputProps('purchase_unit_id')}
        />
        <Select
          label={t('product.sale_unit')}
          placeholder={t('product.same_base_placeholder')}
          data={related}
          disabled={!v.unit_id}
          data-testid="sale-unit"
          {...common}
          {...form.getInputProps('sale_unit_id')}
        />
      </Stack>
    </Paper>
  );
}
