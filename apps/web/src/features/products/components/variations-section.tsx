import { useMemo } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, MultiSelect, Paper, Select, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconInfoCircle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routeByName } from '@posauto/shared/routes';
import { PRODUCT_LIMITS, variantCombinations } from '@posauto/shared/schemas/products';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useVariationOptions, useVariationValueOptions } from '../api/options';
import { regenerateVariants, rowKey } from '../lib/form-values';
import { fieldError, type SectionProps } from './form-types';
import { VariantsTable } from './variants-table';

/** Names of every variation value by id (the variants table names each variant with them). */
export function useValueNames(extra: ReadonlyArray<{ value_ids: string[]; name: string }> = []) {
  const values = useVariationValueOptions();
  return useMemo(() => {
    const names = new Map<string, string>();
    // A saved variant's name splits into its values' names, so a value deleted since still reads right.
    for (const variant of extra) {
      const parts = variant.name.split(' / ');
      if (parts.length === variant.value_ids.length) variant.value_ids.forEach((id, i) => names.set(id, parts[i]!));
    }
    for (const value of values.data ?? []) names.set(value.id, value.name);
    return names;
  }, [values.data, extra]);
}

/**
 * Where variations and their values are made, opened in a new tab so that the product being typed stays (the lists
 * here refresh when the user comes back to this tab). Only for a user who may open the screen.
 */
function SettingLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  if (!hasPermission(useUserData(), routeByName('variation-listing').permission)) return null;
  return (
    // The surrounding text's colour (on a tinted alert the link colour falls short of 4.5:1), always underlined.
    <Anchor href={to} target="_blank" rel="noopener" size="sm" fw={600} c="inherit" underline="always" data-testid="variation-setting-link">
      <Group gap={4} component="span" wrap="nowrap" display="inline-flex">
        {label}
        <IconExternalLink size={14} aria-label={t('setup.variations.new_tab')} />
      </Group>
    </Anchor>
  );
}

/** Up to three variations and their values, and the variants made of every combination. */
export function VariationsSection({ form, currency }: SectionProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const variations = useVariationOptions();
  const values = useVariationValueOptions();
  const valueNames = useValueNames();
  const v = form.getValues();

  const chosen = v.variations.filter((x) => x.variation_id && x.value_ids.length > 0);
  const combos = variantCombinations(chosen);
  const tooMany = combos.length > PRODUCT_LIMITS.variants;
  // A row removed on purpose is fine; a row of a value or variation no longer chosen is not.
  const comboSet = new Set(combos.map((c) => c.join('|')));
  const outOfDate = v.variants.some((r) => !comboSet.has(r.value_ids.join('|')));

  const generate = () =>
    form.setFieldValue('variants', regenerateVariants(combos, v.variants, { purchase_cost: v.purchase_cost, sale_cost: v.sale_cost }));

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_variations')}</Title>
        <Text size="sm" c="dimmed">
          {t('product.variations_hint')}
        </Text>
        {variations.isSuccess && variations.data.every((x) => !x.status) && (
          // Nothing to choose from: say where variations are made rather than open an empty list.
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="variations-none">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('setup.variations.none')}</Text>
              <SettingLink to={routeByName('variation-listing').path} label={t('setup.variations.open_variations')} />
            </Stack>
          </Alert>
        )}
        {v.variations.map((row, i) => {
          const takenElsewhere = new Set(v.variations.filter((_, j) => j !== i).map((x) => x.variation_id));
          const variationData = (variations.data ?? [])
            .filter((x) => (x.status || x.id === row.variation_id) && !takenElsewhere.has(x.id))
            .map((x) => ({ value: x.id, label: x.name }));
          const valueData = (values.data ?? [])
            .filter((x) => x.variation_id === row.variation_id && (x.status || row.value_ids.includes(x.id)))
            .map((x) => ({ value: x.id, label: x.name }));
          return (
            <Group key={row.key} align="flex-start" gap="xs" data-testid="variation-row">
              <Select
                w={200}
                label={t('product.variation')}
                placeholder={t('product.variation_placeholder')}
                data={variationData}
                searchable
                nothingFoundMessage={t('setup.variations.none')}
                comboboxProps={{ zIndex: 2100 }}
                data-testid="variation-select"
                value={row.variation_id}
                error={fieldError(form, `variations.${i}.variation_id`)}
                onChange={(id) => {
                  form.setFieldValue(`variations.${i}.variation_id`, id);
                  form.setFieldValue(`variations.${i}.value_ids`, []);
                }}
              />
              <MultiSelect
                style={{ flex: 1, minWidth: 220 }}
                label={t('product.variation_values')}
                placeholder={t('product.variation_values_placeholder')}
                description={
                  row.variation_id && values.isSuccess && valueData.length === 0 ? (
                    <>
                      {t('setup.variations.values_none')}{' '}
                      <SettingLink
                        to={`${routeByName('sub-variation-listing').path}?variation_id=${encodeURIComponent(row.variation_id)}`}
                        label={t('setup.variations.open_values')}
                      />
                    </>
                  ) : undefined
                }
                data={valueData}
                searchable
                clearable
                disabled={!row.variation_id}
                comboboxProps={{ zIndex: 2100 }}
                data-testid="variation-values"
                {...form.getInputProps(`variations.${i}.value_ids`)}
              />
              <Tooltip label={t('product.variation_remove')}>
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem('variations', i)}
                  aria-label={t('product.variation_remove')}
                  data-testid="variation-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        {form.errors.variations && (
          <Text c="red" size="sm">
            {String(form.errors.variations)}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={v.variations.length >= PRODUCT_LIMITS.variations}
            onClick={() => form.insertListItem('variations', { key: rowKey(), variation_id: null, value_ids: [] })}
            data-testid="variation-add"
          >
            {t('product.variation_add')}
          </Button>
          <Button
            leftSection={<IconRefresh size={16} />}
            disabled={combos.length === 0 || tooMany}
            onClick={generate}
            data-testid="variants-generate"
          >
            {t('product.variants_generate', { total: formatInteger(combos.length, lang) })}
          </Button>
        </Group>
        {tooMany && <Alert color="red">{t('product.variants_too_many', { max: formatInteger(PRODUCT_LIMITS.variants, lang) })}</Alert>}
        {outOfDate && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="variants-out-of-date">
            {t('product.variants_out_of_date')}
          </Alert>
        )}
        {form.errors.variants && (
          <Text c="red" size="sm">
            {String(form.errors.variants)}
          </Text>
        )}
        <Switch
          label={t('product.is_variation_cost')}
          description={t('product.is_variation_cost_hint')}
          data-testid="variation-cost"
          {...form.getInputProps('is_variation_cost', { type: 'checkbox' })}
        />
        {v.variants.length > 0 ? (
          <VariantsTable form={form} currency={currency} valueNames={valueNames} removable />
        ) : (
          <Text size="sm" c="dimmed">
            {t('product.variants_empty')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
