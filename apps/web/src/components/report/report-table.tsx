import type { ReactNode } from 'react';
import { Box, LoadingOverlay, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListMeta } from '@posauto/shared/schemas/common';
import { currentLanguage } from '../../lib/i18n';
import { ListFooter } from '../crud/list-parts';
import { reportCurrency, showMoney, showNumber, showRiel } from './report-money';
import type { ReportAnswer, UseReport } from './use-report';

export interface ReportColumn<R> {
  /** The row's field (and the totals' field) this column shows, unless `render` says otherwise. */
  key: string;
  /** Translation key of the header. */
  header: string;
  /**
   * money: a decimal string in the shop's currency, shown with riel beside it; number: a quantity or count
   * (decimal string or integer); text: as it is. Money and numbers align to the end.
   */
  kind?: 'text' | 'money' | 'number';
  /** Keep on one line (dates, invoice numbers); money and numbers always are. */
  nowrap?: boolean;
  render?: (row: R) => ReactNode;
  /** The server sorts by this key (the report's `sort` query). */
  sortable?: boolean;
}

type Cell = string | number | null | undefined;

export interface ReportTableProps<R, A extends ReportAnswer> {
  report: UseReport<A>;
  columns: ReportColumn<R>[];
  rows: R[] | undefined;
  /** The totals row (over the whole period, from the server), keyed like the columns; its first text cell says Total. */
  totals?: Partial<Record<string, Cell>> | null;
  rowKey: (row: R, index: number) => string;
  /** The table's caption (for screen readers and print); defaults to the page's title. */
  caption?: string;
  /** A paged report: the pager under the table. */
  meta?: ListMeta;
  emptyText?: string;
  /** Shown above the table (e.g. a section title) and part of the caption. */
  testId?: string;
}

const NUMERIC = new Set(['money', 'number']);

/**
 * A report's table: money in the shop's currency with riel beside it at the period's rate, numbers aligned to the
 * end (left-to-right even in Arabic, so signs stay in front), a totals row, optional server-side sort and paging.
 */
export function ReportTable<R, A extends ReportAnswer>({
  report,
  columns,
  rows,
  totals,
  rowKey,
  caption,
  meta,
  emptyText,
  testId = 'report-table',
}: ReportTableProps<R, A>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const period = report.data?.period;
  const currency = reportCurrency(period);
  const { sort, order } = report.state;

  const show = (c: ReportColumn<R>, value: Cell): ReactNode => {
    if (c.kind === 'money') {
      const text = value === null || value === undefined ? value : String(value);
      const riel = showRiel(text, period, lang);
      // Riel under the amount rather than after it: a wide report (a column per payment method) still fits.
      return (
        <span dir="ltr" style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', whiteSpace: 'nowrap' }}>
          <span>{showMoney(text, currency, lang)}</span>
          {riel && (
            <Text span size="xs" c="dimmed" className="report-riel">
              {riel}
            </Text>
          )}
        </span>
      );
    }
    if (c.kind === 'number') return <span dir="ltr">{showNumber(value, lang)}</span>;
    return value ?? '—';
  };
  const align = (c: ReportColumn<R>) => (NUMERIC.has(c.kind ?? 'text') ? 'end' : 'start');
  const onSort = (key: string) => report.update({ sort: key, order: sort === key && order === 'desc' ? 'asc' : 'desc' });
  const firstText = columns.findIndex((c) => !NUMERIC.has(c.kind ?? 'text'));

  return (
    <Box pos="relative" mih={120}>
      <LoadingOverlay visible={report.loading} overlayProps={{ blur: 1 }} zIndex={5} />
      {/* A wide report scrolls sideways; the region can take focus so the keyboard can scroll it too. */}
      <div className="report-scroll" tabIndex={0} role="region" aria-label={caption} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="xs" captionSide="top" data-testid={testId} className="report-table" miw={720}>
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort === c.key;
                return (
                  <Table.Th
                    key={c.key}
                    style={{ textAlign: align(c) }}
                    aria-sort={c.sortable && active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sortable ? (
                      <UnstyledButton
                        onClick={() => onSort(c.key)}
                        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700 }}
                        aria-label={`${t(c.header)}: ${t(active && order === 'desc' ? 'common.sort_asc' : 'common.sort_desc')}`}
                      >
                        {t(c.header)}
                        {active ? (
                          order === 'asc' ? (
                            <IconSortAscending size={14} aria-hidden />
                          ) : (
                            <IconSortDescending size={14} aria-hidden />
                          )
                        ) : (
                          <IconArrowsSort size={14} opacity={0.4} aria-hidden className="no-print" />
                        )}
                      </UnstyledButton>
                    ) : (
                      t(c.header)
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row, i) => (
              <Table.Tr key={rowKey(row, i)}>
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    style={{ textAlign: align(c), whiteSpace: c.nowrap || NUMERIC.has(c.kind ?? 'text') ? 'nowrap' : undefined }}
                  >
                    {c.render ? c.render(row) : show(c, (row as Record<string, Cell>)[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows && rows.length === 0 && !report.loading && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md" data-testid="report-empty">
                    {emptyText ?? t('reports.no_rows')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          {totals && (
            <Table.Tfoot>
              <Table.Tr data-testid="report-totals" style={{ fontWeight: 700, borderTop: '2px solid var(--mantine-color-default-border)' }}>
                {columns.map((c, i) => (
                  <Table.Th key={c.key} scope={i === firstText ? 'row' : undefined} style={{ textAlign: align(c) }}>
                    {i === firstText ? t('reports.total') : NUMERIC.has(c.kind ?? 'text') ? show(c, totals[c.key]) : (totals[c.key] ?? '')}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </div>
      {meta && (
        <div className="no-print">
          <ListFooter meta={meta} state={report.state} update={report.update} shown={rows?.length ?? 0} />
        </div>
      )}
    </Box>
  );
}
