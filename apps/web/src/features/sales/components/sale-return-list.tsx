import { Alert, Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Table, Text } from '@mantine/core';
import { IconEye, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { REFUND_METHODS, type SaleReturn } from '@posauto/shared/schemas/sales';
import type { Column } from '../../../components/data-table/data-table';
import { choicesOf, type DocumentFilter } from '../../../components/documents/document-filters';
import { AmountText, DocumentNumber, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useSaleReturn, useSaleReturnList } from '../api/sales';
import { plainQuantity, saleMoney } from '../lib/sale-money';
import { useSaleFilters, type SaleFilterKey } from './sale-filters';

const SHOWN: readonly SaleFilterKey[] = ['from', 'to', 'branch_id', 'customer_id'];

/**
 * Returns against sales, newest first (/sale-return-listing); a row opens the return's lines in a dialog, and its
 * receipt reprints from the row or the dialog (`reprint`, handed in by the screen).
 */
export function SaleReturnList({ canCreate, reprint }: { canCreate: boolean; reprint?: (id: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState<string | null>(null);
  const print = async (id: string) => {
    if (!reprint) return;
    setPrinting(id);
    try {
      await reprint(id);
    } catch (err) {
      notifyError(err);
    } finally {
      setPrinting(null);
    }
  };
  const [params, setParams] = useSearchParams();
  const openId = params.get('return');
  const open = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('return', id);
      else next.delete('return');
      return next;
    });
  const refundFilter: DocumentFilter = {
    kind: 'select',
    key: 'refund_method',
    label: 'sales_ui.refund_method_label',
    placeholder: 'sales_ui.all_refund_methods',
    data: choicesOf(REFUND_METHODS, (m) => t(`sales_ui.refund_method.${m}`)),
    width: 170,
  };
  return (
    <DocumentListPage
      useRows={useSaleReturnList}
      searchPlaceholder="sales_ui.returns_search_placeholder"
      filters={[...useSaleFilters(SHOWN), refundFilter]}
      columns={returnColumns(open, t, currentLanguage())}
      headerActions={() =>
        canCreate && (
          <Button component={Link} to="/sales-listing/create-sale-return" leftSection={<IconPlus size={16} />} data-testid="create">
            {t('common.create')}
          </Button>
        )
      }
      rowActions={(r) => (
        <>
          <RowAction label="sales_ui.open" name={r.return_number} icon={IconEye} onClick={() => open(r.id)} />
          {reprint && (
            <RowAction
              label="sales_ui.print_return"
              name={r.return_number}
              icon={IconPrinter}
              loading={printing === r.id}
              onClick={() => void print(r.id)}
              testId="reprint-return"
            />
          )}
        </>
      )}
    >
      <SaleReturnDialog
        id={openId}
        onClose={() => open(null)}
        onPrint={reprint ? () => openId && void print(openId) : undefined}
        printing={Boolean(openId) && printing === openId}
      />
    </DocumentListPage>
  );
}

function returnColumns(open: (id: string) => void, t: (key: string) => string, lang: Language): Column<SaleReturn>[] {
  return [
    {
      key: 'return_number',
      header: 'sales_ui.return_number',
      sortable: true,
      render: (r) => <DocumentNumber onClick={() => open(r.id)}>{r.return_number}</DocumentNumber>,
    },
    { key: 'returned_on', header: 'sales_ui.returned_on', sortable: true, render: (r) => formatDate(`${r.returned_on}T12:00:00Z`, lang) },
    { key: 'invoice_number', header: 'sales_ui.invoice_number', render: (r) => r.invoice_number },
    { key: 'customer', header: 'sales_ui.customer', render: (r) => r.customer_name },
    { key: 'branch', header: 'sales_ui.branch', render: (r) => r.branch_name },
    {
      key: 'refund',
      header: 'sales_ui.refund_method_label',
      render: (r) => (
        <Badge variant="light" color={r.refund_method === 'cash' ? 'teal' : 'blue'}>
          {t(`sales_ui.refund_method.${r.refund_method}`)}
        </Badge>
      ),
    },
    {
      key: 'total',
      header: 'sales_ui.total',
      align: 'right',
      render: (r) => <AmountText>{saleMoney(r.total, r.currency, lang)}</AmountText>,
    },
    {
      key: 'refund_amount',
      header: 'sales_ui.refund_amount',
      align: 'right',
      render: (r) => (
        <AmountText>{saleMoney(r.refund_amount, r.refund_method === 'cash' ? r.refund_currency : r.currency, lang)}</AmountText>
      ),
    },
  ];
}

function SaleReturnDialog({
  id,
  onClose,
  onPrint,
  printing,
}: {
  id: string | null;
  onClose: () => void;
  onPrint?: () => void;
  printing: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const doc = useSaleReturn(id);
  const r = doc.data;
  return (
    <Modal
      opened={Boolean(id)}
      onClose={onClose}
      size="lg"
      title={r ? `${t('sales_ui.sale_return')} ${r.return_number}` : t('sales_ui.sale_return')}
      closeButtonProps={{ 'aria-label': t('sales_ui.close') }}
    >
      {doc.isError ? (
        <Alert color="red">{t('sales_ui.not_found')}</Alert>
      ) : !r ? (
        <Center h={120}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <>
          <SimpleGrid cols={2} spacing="sm" mb="md">
            {(
              [
                ['sales_ui.invoice_number', r.invoice_number],
                ['sales_ui.returned_on', formatDate(`${r.returned_on}T12:00:00Z`, lang)],
                ['sales_ui.customer', r.customer_name],
                ['sales_ui.branch', r.branch_name],
                ['sales_ui.refund_method_label', t(`sales_ui.refund_method.${r.refund_method}`)],
                ['sales_ui.refund_amount', saleMoney(r.refund_amount, r.refund_method === 'cash' ? r.refund_currency : r.currency, lang)],
                ['common.created_at', formatDateTime(r.created_at, lang)],
                ['sales_ui.created_by', r.created_by ?? '—'],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {t(label)}
                </Text>
                <Text size="sm">{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          <Table verticalSpacing="xs" data-testid="return-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales_ui.item')}</Table.Th>
                <Table.Th>{t('sales_ui.quantity')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.product_name}</Table.Td>
                  <Table.Td>
                    {plainQuantity(l.quantity)} {l.unit_name ?? ''}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{saleMoney(l.amount, r.currency, lang)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={2} fw={700}>
                  {t('sales_ui.total')}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end' }} fw={700}>
                  {saleMoney(r.total, r.currency, lang)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {r.note && (
            <Text size="sm" mt="sm">
              {t('sales_ui.note')}: {r.note}
            </Text>
          )}
          {onPrint && (
            <Group justify="flex-end" mt="md">
              <Button
                leftSection={<IconPrinter size={16} />}
                variant="light"
                loading={printing}
                onClick={onPrint}
                data-testid="reprint-return-dialog"
              >
                {t('sales_ui.print_return')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Modal>
  );
}
