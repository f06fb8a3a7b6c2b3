import { Alert, Center, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { Ltr } from '../../../components/ltr';
import { DocumentFacts, ItemText, type DocumentFact } from '../../../components/documents/document-facts';
import { TotalsPanel } from '../../../components/documents/totals-panel';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { negated } from '../../../lib/money-format';
import { useAddSalePayment, useSale, useSaleScreenOptions } from '../api/sales';
import { saleTotalLines } from '../lib/detail-totals';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';
import { SaleActions, type SaleDetailActions } from './sale-actions';
import { SalePaymentBadge, SaleReviewBadges, SaleStatusBadge } from './sale-badges';
import { SalePayments } from './sale-payments';

export type { SaleDetailActions } from './sale-actions';

/** A sale's detail in a drawer over its list: lines, totals, payments and returns; print, pay, return, void. */
export function SaleDetailDrawer({ saleId, onClose, actions }: { saleId: string | null; onClose: () => void; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const sale = useSale(saleId);
  const s = sale.data;
  return (
    <Drawer
      opened={Boolean(saleId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={s ? `${t('sales_ui.sale')} ${s.invoice_number}` : t('sales_ui.sale')}
      closeButtonProps={{ 'aria-label': t('sales_ui.close') }}
      data-testid="sale-detail"
    >
      {sale.isError ? (
        <Alert color="red">{t('sales_ui.not_found')}</Alert>
      ) : !s ? (
        <Center h={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <SaleDetailBody sale={s} actions={actions} />
      )}
    </Drawer>
  );
}

/** Who, where and when; who approved a discount above the seller's limit; what the customer owes over all its sales. */
function saleFacts(s: SaleDetail, t: (key: string) => string, lang: ReturnType<typeof currentLanguage>): DocumentFact[] {
  const facts: DocumentFact[] = [
    ['sales_ui.date', formatDateTime(s.sold_at, lang)],
    ['sales_ui.customer', s.member_id ? `${s.customer_name} · ${s.member_id}` : s.customer_name],
    ['sales_ui.cashier', s.cashier_name ?? '—'],
    ['sales_ui.branch', s.branch_name],
    ['sales_ui.sale_type_label', t(`sales_ui.sale_type.${s.sale_type}`)],
    [
      'sales_ui.status',
      <Group key="st" gap={4}>
        <SaleStatusBadge status={s.status} />
        <SalePaymentBadge status={s.payment_status} />
        <SaleReviewBadges flags={s.review} />
      </Group>,
    ],
  ];
  // An offline till's sale: made at its time (the date above), reaching the server at this one.
  if (s.received_at && s.received_at !== s.sold_at) facts.push(['tills.received_at', formatDateTime(s.received_at, lang)]);
  if (s.approved_by_name)
    facts.push([
      'sales_ui.discount_approved_by',
      <span key="ap" data-testid="sale-approved-by">
        {s.approved_by_name}
      </span>,
    ]);
  if (isNonZero(s.customer_balance_due))
    facts.push([
      'sales_ui.customer_balance_due',
      <span key="cb" data-testid="customer-balance">
        {saleMoney(s.customer_balance_due, s.currency, lang)}
      </span>,
    ]);
  return facts;
}

function SaleDetailBody({ sale: s, actions }: { sale: SaleDetail; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = useSaleScreenOptions();
  const add = useAddSalePayment();
  return (
    <Stack gap="md">
      <SaleActions sale={s} actions={actions} />
      <DocumentFacts facts={saleFacts(s, t, lang)} cols={{ base: 1, sm: 2 }} spacing="sm" />
      {s.note && (
        <Text size="sm">
          {t('sales_ui.note')}: {s.note}
        </Text>
      )}
      <SaleLinesView sale={s} />
      <TotalsPanel lines={saleTotalLines(s, t, lang)} testId="sale-totals" w={{ base: '100%', sm: 380 }} />
      <SalePayments sale={s} canPay={actions.canPay} add={add} methods={options.data?.payment_methods ?? []} place="sale" />
      <Returns sale={s} />
    </Stack>
  );
}

/** The sale's lines: quantity, price, what was taken off, the amount, and how much came back. */
function SaleLinesView({ sale: s }: { sale: SaleDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (v: string) => saleMoney(v, s.currency, lang);
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="sale-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales_ui.item')}</Table.Th>
            <Table.Th>{t('sales_ui.quantity')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.unit_price')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.discount')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
            <Table.Th>{t('sales_ui.returned')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <ItemText name={l.product_name} sku={l.sku_code} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {plainQuantity(l.quantity)} {l.unit_name ?? ''}
              </Table.Td>
              <Table.Td style={end}>{money(l.unit_price)}</Table.Td>
              <Table.Td style={end}>{isNonZero(l.line_discount) ? <Ltr>{money(negated(l.line_discount))}</Ltr> : '—'}</Table.Td>
              <Table.Td style={end}>{money(l.gross_amount)}</Table.Td>
              <Table.Td>{isNonZero(l.returned_quantity) ? plainQuantity(l.returned_quantity) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Returns({ sale: s }: { sale: SaleDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        {t('sales_ui.returns')}
      </Title>
      {s.returns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sales_ui.no_returns')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="sale-returns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sales_ui.return_number')}</Table.Th>
              <Table.Th>{t('sales_ui.returned_on')}</Table.Th>
              <Table.Th>{t('sales_ui.refund_method_label')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.returns.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Link to={`/sale-return-listing?return=${r.id}`}>{r.return_number}</Link>
                </Table.Td>
                <Table.Td>{formatDate(`${r.returned_on}T12:00:00Z`, lang)}</Table.Td>
                <Table.Td>{t(`sales_ui.refund_method.${r.refund_method}`, { defaultValue: r.refund_method })}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{saleMoney(r.total, s.currency, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
