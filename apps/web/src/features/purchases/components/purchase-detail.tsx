import { Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEdit, IconPrinter, IconX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseDetail } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { confirmAction } from '../../../components/crud/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { DocumentFacts, ItemText, type DocumentFact } from '../../../components/documents/document-facts';
import { TotalsPanel } from '../../../components/documents/totals-panel';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePurchase, usePurchaseAction } from '../api/purchases';
import { PaymentStatusBadge, PurchaseStatusBadge } from './purchase-badges';
import { PurchasePayments } from './purchase-payments';

/** A4 on paper: the menu, the buttons and the payment form stay on screen. */
const PRINT_CSS =
  '@media print { @page { size: A4; margin: 14mm; } .mantine-AppShell-main { padding: 0 !important; } .purchase-doc { font-size: 11pt; } }';

/** One purchase: its lines, totals and payments; receive, cancel, pay, edit, return goods and print the order. */
export function PurchaseDetailPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { id } = useParams();
  const doc = usePurchase(id);
  if (!doc.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const p = doc.data;
  const money = (v: string) => formatMoneyText(v, p.currency, lang);
  const facts: DocumentFact[] = [
    ['purchase.date', formatDate(`${p.purchase_date}T12:00:00Z`, lang)],
    ['purchase.supplier', p.supplier_name],
    ['purchase.branch', p.branch_name],
    ['purchase.status', <PurchaseStatusBadge key="s" status={p.status} />],
    ['purchase.payment_status', <PaymentStatusBadge key="p" status={p.payment_status} />],
    ['purchase.created_by', p.created_by ?? '—'],
    ['common.created_at', formatDateTime(p.created_at, lang)],
    [
      'purchase.supplier_balance_due',
      <span key="b" data-testid="supplier-balance">
        {money(p.supplier_balance_due)}
      </span>,
    ],
  ];
  return (
    <Stack className="purchase-doc">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={`${t('purchase.purchase_order')} ${p.purchase_number}`}
        actions={<PurchaseActions purchase={p} canWrite={canWrite} />}
      />
      <Paper withBorder p="md" radius="md">
        <DocumentFacts facts={facts} cols={{ base: 1, sm: 2, md: 4 }} />
        {p.note && (
          <Text size="sm" mt="sm">
            {t('purchase.note')}: {p.note}
          </Text>
        )}
        {p.attachment_url && (
          <Anchor href={p.attachment_url} target="_blank" rel="noreferrer" size="sm" mt="sm" display="inline-block" className="no-print">
            {t('purchase.view_attachment')}
          </Anchor>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <PurchaseLinesView purchase={p} />
        <Group justify="flex-end" mt="md">
          <TotalsPanel
            w={320}
            lines={[
              { label: t('purchase.subtotal'), value: money(p.subtotal) },
              { label: t('purchase.shipping_cost'), value: money(p.shipping_cost) },
              { label: t('purchase.grand_total'), value: money(p.grand_total), strong: true },
              { label: t('purchase.paid'), value: money(p.paid) },
              { label: t('purchase.balance_due'), value: money(p.balance_due), strong: true },
            ]}
          />
        </Group>
      </Paper>
      <PurchasePayments purchase={p} canWrite={canWrite} />
    </Stack>
  );
}

/** Print, edit (until goods went back), receive, return goods and cancel, as the purchase's state allows. */
function PurchaseActions({ purchase: p, canWrite }: { purchase: PurchaseDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const action = usePurchaseAction();
  const run = (kind: 'receive' | 'cancel') =>
    confirmAction({
      title: t(`purchase.${kind}_title`),
      text: t(`purchase.${kind}_text`),
      confirm: t(`purchase.${kind}_confirm`),
      color: kind === 'cancel' ? 'red' : undefined,
      onConfirm: () =>
        action.mutate({ id: p.id, action: kind }, { onSuccess: () => notifySuccess('messages.updated'), onError: (e) => notifyError(e) }),
    });
  return (
    <Group gap="xs" className="no-print">
      <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
        {t('purchase.print')}
      </Button>
      {canWrite && p.status !== 'void' && !p.lines.some((l) => l.returned_quantity !== '0') && (
        <Button variant="default" component={Link} to={`/purchase-listing/edit-purchase/${p.id}`} leftSection={<IconEdit size={16} />}>
          {t('purchase.edit')}
        </Button>
      )}
      {canWrite && (p.status === 'pending' || p.status === 'ordered') && (
        <Button leftSection={<IconCheck size={16} />} onClick={() => run('receive')} loading={action.isPending} data-testid="receive">
          {t('purchase.receive')}
        </Button>
      )}
      {canWrite && p.status === 'received' && p.lines.some((l) => l.returnable_quantity !== '0') && (
        <Button variant="light" component={Link} to={`/stock-return?purchase_id=${p.id}`} leftSection={<IconArrowBackUp size={16} />}>
          {t('purchase.new_return')}
        </Button>
      )}
      {canWrite && p.status !== 'void' && (
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => run('cancel')} loading={action.isPending}>
          {t('purchase.cancel')}
        </Button>
      )}
    </Group>
  );
}

/** The purchase's lines as received: quantity in the unit bought and in the base unit, cost, shipping share, expiry. */
function PurchaseLinesView({ purchase: p }: { purchase: PurchaseDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (v: string) => formatMoneyText(v, p.currency, lang);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" data-testid="purchase-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('purchase.item')}</Table.Th>
            <Table.Th>{t('purchase.quantity')}</Table.Th>
            <Table.Th>{t('purchase.base_quantity')}</Table.Th>
            <Table.Th>{t('purchase.unit_cost')}</Table.Th>
            <Table.Th>{t('purchase.shipping_share')}</Table.Th>
            <Table.Th>{t('purchase.line_total')}</Table.Th>
            <Table.Th>{t('purchase.expiry_date')}</Table.Th>
            <Table.Th>{t('purchase.returned')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <ItemText name={l.product_name} sku={l.sku_code} />
              </Table.Td>
              <Table.Td>
                {l.quantity} {l.unit_name ?? ''}
              </Table.Td>
              <Table.Td>{l.base_quantity}</Table.Td>
              <Table.Td>{money(l.unit_cost)}</Table.Td>
              <Table.Td>{money(l.shipping_share)}</Table.Td>
              <Table.Td>{money(l.line_total)}</Table.Td>
              <Table.Td>{l.expiry_date ? formatDate(`${l.expiry_date}T12:00:00Z`, lang) : '—'}</Table.Td>
              <Table.Td>{l.returned_quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
