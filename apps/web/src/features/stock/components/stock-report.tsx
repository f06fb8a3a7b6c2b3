import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MovementType } from '@posauto/shared/schemas/stock';
import type { StockReportMovement, StockReportRow } from '@posauto/shared/schemas/stock-report';
import { DataTable } from '../../../components/data-table/data-table';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { type ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useBranchChoices, useStockReport } from '../api/stock-report';
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

/** Signed numbers keep their sign in front in right-to-left text. */
const Num = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** The screen of each document that moves stock, where one exists. */
const DOCUMENT_PATHS: Record<string, (id: string) => string> = {
  adjustment: (id) => `/stock-adjustment-listing/listing/${id}`,
  transfer: (id) => `/stock-transfer-detail/${id}`,
  purchase: (id) => `/purchase-listing/detail-listing/${id}`,
};
const KNOWN_DOCS = ['adjustment', 'transfer', 'purchase', 'purchase_return', 'sale'];

/**
 * The stock report: per item over a period, opening, purchases in, returns, sales, transfers, adjustments and closing
 * (opening + movements = closing); pick an item to see its movements with links to their documents.
 */
export function StockReport({ renderPicker }: { renderPicker: (onPick: (p: PickedItem) => void) => ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(['product_id', 'branch_id', 'from', 'to', 'movements_page']);
  const report = useStockReport(query);
  const branches = useBranchChoices();
  const productId = state.filters.product_id;
  const rows = (report.data?.data ?? []).map((r) => ({ ...r, id: `${r.product_id}/${r.variant_id ?? ''}` }));
  const movements = report.data?.movements;
  const itemName = productId ? (rows[0]?.product_name.split(' - ')[0] ?? '') : '';
  const setFilter = (patch: Record<string, string | undefined>) =>
    update({ filters: { ...state.filters, movements_page: undefined, ...patch } });
  const error = report.error as ApiError | null;

  return (
    <>
      <PageHeader />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end">
            <div style={{ flex: '1 1 280px', maxWidth: 420 }}>{renderPicker((p) => setFilter({ product_id: p.id }))}</div>
            <Select
              label={t('stock.report.branch')}
              placeholder={t('stock.all_branches')}
              data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => setFilter({ branch_id: v ?? undefined })}
              clearable
              w={200}
            />
            <TextInput
              type="date"
              label={t('stock.report.from')}
              value={state.filters.from ?? report.data?.from ?? ''}
              max={state.filters.to ?? report.data?.to}
              onChange={(e) => setFilter({ from: e.currentTarget.value || undefined })}
              w={170}
              data-testid="report-from"
            />
            <TextInput
              type="date"
              label={t('stock.report.to')}
              value={state.filters.to ?? report.data?.to ?? ''}
              min={state.filters.from ?? report.data?.from}
              onChange={(e) => setFilter({ to: e.currentTarget.value || undefined })}
              w={170}
              data-testid="report-to"
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('stock.report.period_note')}
          </Text>
          {error && (
            <Alert color="red" data-testid="report-error">
              {Object.values(error.errors ?? {})[0] ?? error.message}
            </Alert>
          )}
          {productId ? (
            <Group gap="sm">
              <Badge size="lg" variant="light" data-testid="report-item">
                {t('stock.report.item')}: {itemName || '…'}
              </Badge>
              <Button variant="subtle" size="xs" onClick={() => setFilter({ product_id: undefined })}>
                {t('stock.report.clear_item')}
              </Button>
            </Group>
          ) : (
            <ListSearch state={state} update={update} placeholder="stock.search_placeholder" />
          )}

          <DataTable<StockReportRow & { id: string }>
            rows={rows}
            loading={report.isFetching}
            sort={state.sort}
            order={state.order}
            onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
            emptyText={t(state.search ? 'common.no_match' : 'stock.report.no_rows')}
            columns={[
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
              { key: 'opening', header: 'stock.report.opening', render: (r) => <Num>{r.opening}</Num> },
              ...COLUMNS.map((c) => ({ key: c.key, header: c.header, render: (r: StockReportRow) => <Num>{movedBy(r, c.types)}</Num> })),
              {
                key: 'closing',
                header: 'stock.report.closing',
                render: (r) => (
                  <Text size="sm" fw={700}>
                    <Num>{r.closing}</Num> {r.unit_name ?? ''}
                  </Text>
                ),
              },
            ]}
          />
          {!productId && <ListFooter meta={report.data?.meta} state={state} update={update} shown={rows.length} />}

          {productId && movements && (
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
              {movements.meta.last_page > 1 && (
                <Pagination
                  total={movements.meta.last_page}
                  value={movements.meta.page}
                  onChange={(p) => update({ filters: { ...state.filters, movements_page: p > 1 ? String(p) : undefined } })}
                />
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </>
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
