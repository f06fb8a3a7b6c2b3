import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatQuantity, parseQuantity } from '@posauto/shared/money/index';
import { MOVEMENT_TYPES, type MovementType } from '@posauto/shared/schemas/stock';
import type { StockReportMovement, StockReportResponse, StockReportRow } from '@posauto/shared/schemas/stock-report';
import { ListSearch } from '../../../components/crud/list-parts';
import { chartNumber, ReportChart, ReportPage, ReportTable, useReport, type ReportColumn } from '../../../components/report';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { movedBy } from '../lib/report-math';
import type { PickedItem } from './stock-filter';

/** The summary's columns: each adds up the movement types it names (signed, so returns net out). */
const COLUMNS: Array<{ key: string; header: string; types: MovementType[] }> = [
  { key: 'purchases', header: 'stock.report.purchases', types: ['purchase_in'] },
  { key: 'returns', header: 'stock.report.returns', types: ['purchase_return', 'sale_return'] },
  { key: 'sales', header: 'stock.report.sales', types: ['sale_out'] },
  { key: 'transfers', header: 'stock.report.transfers', types: ['transfer_in', 'transfer_out'] },
  { key: 'adjustments', header: 'stock.report.adjustments', types: ['adjustment_in', 'adjustment_out'] },
];
const FIGURES = ['opening', ...COLUMNS.map((c) => c.key), 'closing'];

/** The report's own filters in the address, besides period, from, to and branch. */
const EXTRA = ['product_id', 'movements_page', 'search'] as const;

/** Signed numbers keep their sign in front in right-to-left text. */
const Num = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** The screen of each document that moves stock, where one exists. */
const DOCUMENT_PATHS: Record<string, (id: string) => string> = {
  adjustment: (id) => `/stock-adjustment-listing/listing/${id}`,
  transfer: (id) => `/stock-transfer-detail/${id}`,
  purchase: (id) => `/purchase-listing/detail-listing/${id}`,
};
const KNOWN_DOCS = ['adjustment', 'transfer', 'purchase', 'purchase_return', 'sale'];

/** A row as the table shows it: the summary columns' sums beside the item's figures. */
type Line = StockReportRow & { id: string; sums: Record<string, string> };

/**
 * The stock report on the reports' frame (period presets, branch, print, export): per item over a period, opening,
 * purchases in, returns, sales, transfers, adjustments and closing (opening + movements = closing), the shown rows'
 * totals, and a chart of what each movement type moved; pick an item to see its movements with links to their
 * documents. Quantities only: the summary has no money.
 */
export function StockReport({ renderPicker }: { renderPicker: (onPick: (p: PickedItem) => void) => ReactNode }) {
  const { t } = useTranslation();
  const report = useReport<StockReportResponse>('/api/v1/stock-report', EXTRA, { paged: true });
  const { state, update, data } = report;
  const productId = state.filters.product_id;
  const rows: Line[] = (data?.data ?? []).map((r) => ({
    ...r,
    id: `${r.product_id}/${r.variant_id ?? ''}`,
    sums: { opening: r.opening, closing: r.closing, ...Object.fromEntries(COLUMNS.map((c) => [c.key, movedBy(r, c.types)])) },
  }));
  const movements = data?.movements;
  const itemName = productId ? (rows[0]?.product_name.split(' - ')[0] ?? '') : '';
  const setFilter = (patch: Record<string, string | undefined>) => report.setFilter({ movements_page: undefined, ...patch });

  // Exact sums at the quantity scale (mixed units add up as plain numbers, as on the shelf list).
  const totals = Object.fromEntries(
    FIGURES.map((key) => [key, formatQuantity(rows.reduce((s, r) => s + parseQuantity(r.sums[key] ?? '0'), 0))]),
  );
  const chart = MOVEMENT_TYPES.map((type) => {
    const moved = rows.reduce((s, r) => s + parseQuantity(r.movements[type]), 0);
    return {
      type: t(`stock.report.types.${type}`),
      in: moved > 0 ? chartNumber(formatQuantity(moved)) : 0,
      out: moved < 0 ? chartNumber(formatQuantity(-moved)) : 0,
    };
  });

  const columns: ReportColumn<Line>[] = [
    {
      key: 'product_name',
      header: 'stock.report.item',
      sortable: !productId,
      render: (r) =>
        productId ? (
          <Text size="sm" fw={500}>
            {r.product_name}
          </Text>
        ) : (
          <UnstyledButton onClick={() => setFilter({ product_id: r.product_id })}>
            <Text size="sm" fw={500} c="blue.8" td="underline">
              {r.product_name}
            </Text>
            <Text size="xs" c="dimmed">
              {r.sku_code}
            </Text>
          </UnstyledButton>
        ),
    },
    { key: 'opening', header: 'stock.report.opening', kind: 'number' },
    ...COLUMNS.map((c): ReportColumn<Line> => ({
      key: c.key,
      header: c.header,
      kind: 'number',
      render: (r) => <Num>{r.sums[c.key]}</Num>,
    })),
    {
      key: 'closing',
      header: 'stock.report.closing',
      kind: 'number',
      render: (r) => (
        <Text size="sm" fw={700} span>
          <Num>{r.closing}</Num> {r.unit_name ?? ''}
        </Text>
      ),
    },
  ];

  return (
    <ReportPage
      report={report}
      extraFilters={<div style={{ flex: '1 1 280px', maxWidth: 420 }}>{renderPicker((p) => setFilter({ product_id: p.id }))}</div>}
      filtersUsed={productId ? [{ label: t('stock.report.item'), value: itemName }] : []}
      chart={
        rows.length > 0 && (
          <ReportChart
            title="stock.report.chart"
            data={chart}
            dataKey="type"
            series={[
              { name: 'in', label: 'stock.report.chart_in', color: 'teal.6' },
              { name: 'out', label: 'stock.report.chart_out', color: 'red.6' },
            ]}
          />
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t('stock.report.period_note')}
      </Text>
      {productId ? (
        <Group gap="sm" className="no-print">
          <Badge size="lg" variant="light" data-testid="report-item">
            {t('stock.report.item')}: {itemName || '…'}
          </Badge>
          <Button variant="subtle" size="xs" onClick={() => setFilter({ product_id: undefined })}>
            {t('stock.report.clear_item')}
          </Button>
        </Group>
      ) : (
        <div className="no-print">
          <ListSearch state={state} update={update} placeholder="stock.search_placeholder" />
        </div>
      )}
      <ReportTable
        report={report}
        columns={columns}
        rows={rows}
        totals={rows.length ? { product_name: t('reports.total'), ...totals } : null}
        rowKey={(r) => r.id}
        caption={t('stock.report.file_name')}
        meta={productId ? undefined : data?.meta}
        emptyText={t(state.search ? 'common.no_match' : 'stock.report.no_rows')}
        testId="data-table"
      />
      {productId && movements && (
        <ItemMovements
          movements={movements}
          itemName={itemName}
          onPage={(p) => update({ filters: { ...state.filters, movements_page: p > 1 ? String(p) : undefined } })}
        />
      )}
    </ReportPage>
  );
}

/** The picked item's movements in the period, a page at a time, each with a link to the document that made it. */
function ItemMovements({
  movements,
  itemName,
  onPage,
}: {
  movements: NonNullable<StockReportResponse['movements']>;
  itemName: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('stock.report.movements', { name: itemName })}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" data-testid="report-movements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock.report.date')}</Table.Th>
              <Table.Th>{t('stock.report.branch')}</Table.Th>
              <Table.Th>{t('stock.report.type')}</Table.Th>
              <Table.Th>{t('stock.report.document')}</Table.Th>
              <Table.Th>{t('stock.report.quantity')}</Table.Th>
              <Table.Th>{t('stock.report.on_hand_after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {movements.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center">
                    {t('stock.report.no_movements')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {movements.data.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{formatDateTime(m.created_at, lang)}</Table.Td>
                <Table.Td>{m.branch_name}</Table.Td>
                <Table.Td>{t(`stock.report.types.${m.movement_type}`)}</Table.Td>
                <Table.Td>
                  <DocumentLink m={m} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    <Num>{m.quantity.startsWith('-') ? m.quantity : `+${m.quantity}`}</Num>
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Num>{m.on_hand_after}</Num>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {movements.meta.last_page > 1 && <Pagination total={movements.meta.last_page} value={movements.meta.page} onChange={onPage} />}
    </Stack>
  );
}

function DocumentLink({ m }: { m: StockReportMovement }) {
  const { t } = useTranslation();
  const label = m.doc_number ?? t(`stock.report.docs.${KNOWN_DOCS.includes(m.doc_type) ? m.doc_type : 'other'}`);
  const path = DOCUMENT_PATHS[m.doc_type];
  return path ? (
    <Anchor component={Link} to={path(m.doc_id)} size="sm">
      {label}
    </Anchor>
  ) : (
    <Text size="sm">{label}</Text>
  );
}
