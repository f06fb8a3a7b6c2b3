import { Badge, Box, LoadingOverlay, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import type { CashFlowFigures, PosCashFlowResponse, PosCashFlowRow } from '@posauto/shared/schemas/reports-purchases';
import { ReportPage, showNumber, useReport, type FilterUsed } from '../../components/report';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney } from '../../lib/money-format';
import { usePurchaseReportOptions } from './api';
import { NamedFilter, namedUsed } from './named-filter';

const EXTRA = ['user_id'] as const;
const PATH = '/api/v1/reports/pos-cash-flow';

const FIGURES: (keyof CashFlowFigures)[] = [
  'opening',
  'cash_sales',
  'change',
  'refunds',
  'cash_in',
  'cash_out',
  'expected',
  'counted',
  'difference',
];
const DRAWERS = [
  { key: 'usd', currency: 'USD', title: 'purchase_reports.cash_flow.usd' },
  { key: 'khr', currency: 'KHR', title: 'purchase_reports.cash_flow.khr' },
] as const;

/**
 * One drawer currency's table: a row per session and the totals. The amounts are in that currency (riel as riel),
 * not the shop's, so this is not a ReportTable: nothing is converted and no riel is written beside.
 */
function DrawerTable({
  data,
  drawer,
  loading,
}: {
  data: PosCashFlowResponse | undefined;
  drawer: (typeof DRAWERS)[number];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const currency: CurrencyCode = drawer.currency;
  const amount = (v: string | null) => (v === null ? '—' : formatMoney(parseDecimal(v, currency === 'KHR' ? 0 : 2), currency, lang));
  const cell = (v: string | null, key: string, strong = false) => (
    <Table.Td
      key={key}
      ta="end"
      dir="ltr"
      fw={strong ? 700 : undefined}
      c={v?.startsWith('-') ? 'red.8' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {amount(v)}
    </Table.Td>
  );
  const figuresOf = (row: PosCashFlowRow) => row[drawer.key];
  return (
    <Box pos="relative" mih={100}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} zIndex={5} />
      <Title order={3} size="h5" mb="xs">
        {t(drawer.title)}
      </Title>
      {/* Scrolls sideways on a narrow screen: a focusable, named region, so a keyboard can scroll it too. */}
      <Box
        style={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={`${t('purchase_reports.cash_flow.title')}: ${t(drawer.title)}`}
      >
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing="xs"
          data-testid={`cash-flow-${drawer.key}`}
          className="report-table"
        >
          <VisuallyHidden component="caption">{`${t('purchase_reports.cash_flow.title')}: ${t(drawer.title)}`}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('purchase_reports.col.session')}</Table.Th>
              {FIGURES.map((f) => (
                <Table.Th key={f} ta="end">
                  {t(`purchase_reports.cash_flow.${f}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.rows ?? []).map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td style={{ minWidth: 170 }}>
                  <Text size="sm" fw={600} dir="ltr" ta="start">
                    {s.session_number}{' '}
                    {s.status === 'open' && (
                      <Badge size="xs" color="green" variant="light">
                        {t('purchase_reports.cash_flow.status_open')}
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs">
                    {s.cashier_name} · {s.branch_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('purchase_reports.col.opened_at')}: {formatDateTime(s.opened_at, lang)}
                  </Text>
                  {s.closed_at && (
                    <Text size="xs" c="dimmed">
                      {t('purchase_reports.col.closed_at')}: {formatDateTime(s.closed_at, lang)}
                    </Text>
                  )}
                </Table.Td>
                {FIGURES.map((f) => cell(figuresOf(s)[f], f, f === 'expected'))}
              </Table.Tr>
            ))}
            {data && data.rows.length === 0 && !loading && (
              <Table.Tr>
                <Table.Td colSpan={1 + FIGURES.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('reports.no_rows')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          {data && (
            <Table.Tfoot>
              <Table.Tr
                data-testid={`cash-flow-${drawer.key}-totals`}
                style={{ fontWeight: 700, borderTop: '2px solid var(--mantine-color-default-border)' }}
              >
                <Table.Th scope="row">
                  {t('reports.total')} ({t('purchase_reports.cash_flow.sessions')}: {showNumber(data.totals.count, lang)})
                </Table.Th>
                {FIGURES.map((f) => cell(data.totals[drawer.key][f], f, true))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Box>
    </Box>
  );
}

/** The POS cash flow: each cash session opened in the period, per drawer currency, from its cash entries. */
export function PosCashFlowReport() {
  const { t } = useTranslation();
  const r = useReport<PosCashFlowResponse>(PATH, EXTRA);
  const options = usePurchaseReportOptions();
  const f = r.state.filters;
  const used: FilterUsed[] = namedUsed(t('purchase_reports.col.cashier'), options.data?.cashiers, f.user_id);

  return (
    <ReportPage
      report={r}
      extraFilters={
        <NamedFilter
          report={r}
          name="user_id"
          label="purchase_reports.col.cashier"
          placeholder="purchase_reports.cash_flow.all_cashiers"
          list={options.data?.cashiers}
          w={210}
          testId="cash-flow-cashier"
          searchable
        />
      }
      filtersUsed={used}
      summary={
        <Text size="sm" c="dimmed" data-testid="cash-flow-hint">
          {t('purchase_reports.cash_flow.hint')}
        </Text>
      }
    >
      <Stack gap="xl">
        {DRAWERS.map((drawer) => (
          <DrawerTable key={drawer.key} data={r.data} drawer={drawer} loading={r.loading} />
        ))}
      </Stack>
    </ReportPage>
  );
}
