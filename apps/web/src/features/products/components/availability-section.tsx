import { MultiSelect, Paper, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { useWarehouseOptions } from '../api/options';
import type { SectionProps } from './form-types';

/**
 * Where the product is sold (every branch, or the ones chosen) and whether it is on sale at all. A shop of one branch
 * (or a user who may not read the branches) has no choice to make: the product is sold everywhere.
 */
export function AvailabilitySection({ form }: SectionProps) {
  const { t } = useTranslation();
  const warehouses = useWarehouseOptions(hasPermission(useUserData(), 'branch-management'));
  const v = form.getValues();
  const data = (warehouses.data ?? []).filter((w) => w.status || v.branch_ids.includes(w.id)).map((w) => ({ value: w.id, label: w.name }));
  const choice = data.length > 1 || !v.all_branches;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>{t('product.section_availability')}</Title>
        <Switch
          label={t('common.active')}
          description={t('product.status_hint')}
          data-testid="status"
          {...form.getInputProps('status', { type: 'checkbox' })}
        />
        {choice && (
          <Switch
            label={t('product.all_branches')}
            data-testid="all-branches"
            {...form.getInputProps('all_branches', { type: 'checkbox' })}
          />
        )}
        {choice && !v.all_branches && (
          <MultiSelect
            label={t('product.branches')}
            placeholder={t('product.branches_placeholder')}
            data={data}
            searchable
            clearable
            nothingFoundMessage={t('common.no_match')}
            comboboxProps={{ zIndex: 2100 }}
            data-testid="branches"
            {...form.getInputProps('branch_ids')}
          />
        )}
      </Stack>
    </Paper>
  );
}
