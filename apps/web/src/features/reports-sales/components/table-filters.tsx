import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaleFilterOptions } from '@posauto/shared/schemas/reports-sales';
import type { FilterUsed, ReportAnswer, ReportColumn, UseReport } from '../../../components/report';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { useReportTables } from '../api';

/** The filters of table service (issue #24) that both sale reports add to their own. */
export const TABLE_FILTERS = ['table_id', 'waiter_id'] as const;

/** The Table and Waiter columns of a report whose rows carry table_name and waiter_name. */
export function tableColumns<R extends { table_name: string | null; waiter_name: string | null }>(): ReportColumn<R>[] {
  return [
    { key: 'table_name', header: 'sale_reports.table', nowrap: true },
    { key: 'waiter_name', header: 'sale_reports.waiter' },
  ];
}

/**
 * The table filter (the branch's tables, offered to a user who may read them and only when the branch has some) and
 * the waiter filter (the staff who served table sales; the cashiers from a server that does not list waiters yet,
 * and then only where tables are in use). `tableSales`: the answer holds a sale paid at a table.
 */
export function useTableFilters<A extends ReportAnswer>(r: UseReport<A>, options: SaleFilterOptions | undefined, tableSales: boolean) {
  const { t } = useTranslation();
  const user = useUserData();
  const f = r.state.filters;
  const readsTables = hasPermission(user, 'table-management') || hasPermission(user, 'table-service');
  const tables = useReportTables(f.branch_id ?? r.data?.period.branch_id ?? undefined, readsTables);
  const tableList = readsTables ? (tables.data ?? []) : [];
  const inUse = tableList.length > 0 || tableSales || Boolean(f.table_id) || Boolean(f.waiter_id);
  const waiters = options?.waiters ?? (inUse ? options?.cashiers : []) ?? [];
  const tableName = tableList.find((x) => x.id === f.table_id)?.name ?? '';
  const waiterName = waiters.find((x) => x.id === f.waiter_id)?.name ?? '';

  const used: FilterUsed[] = [
    f.table_id ? { label: t('sale_reports.table'), value: tableName } : null,
    f.waiter_id ? { label: t('sale_reports.waiter'), value: waiterName } : null,
  ].filter((x): x is FilterUsed => x !== null);

  const pick = (key: (typeof TABLE_FILTERS)[number], label: string, all: string, list: { value: string; label: string }[]) => (
    <Select
      key={key}
      label={t(label)}
      placeholder={t(all)}
      data={list}
      value={f[key] ?? null}
      onChange={(v) => r.setFilter({ [key]: v ?? undefined })}
      clearable
      searchable
      w={170}
      data-testid={`filter-${key}`}
    />
  );
  const controls = (
    <>
      {tableList.length > 0 &&
        pick(
          'table_id',
          'sale_reports.table',
          'sale_reports.any_table',
          tableList.map((x) => ({ value: x.id, label: x.name })),
        )}
      {waiters.length > 0 &&
        pick(
          'waiter_id',
          'sale_reports.waiter',
          'sale_reports.any_waiter',
          waiters.map((x) => ({ value: x.id, label: x.name })),
        )}
    </>
  );
  return { controls, used };
}
