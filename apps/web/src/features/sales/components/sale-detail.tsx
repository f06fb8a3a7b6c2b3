import { Fragment, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconBan, IconChevronDown, IconPlus, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { salePaymentAddSchema, TENDER_CURRENCIES, type SaleDetail } from '@posauto/shared/schemas/sales';
import { ApiError } from '../../../lib/api-client';
import { Ltr } from '../../../components/ltr';
import { confirmAction } from '../../../components/crud/confirm-action';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddSalePayment, useSale, useSaleScreenOptions, useVoidSale } from '../api/sales';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';
import { SalePaymentBadge, SaleStatusBadge } from './sale-badges';
import { formatRate, negated } from '../../../lib/money-format';

/** What the screen lets the user do with a sale; printing comes from the receipts feature through the screen. */
export interface SaleDetailActions {
  print: (saleId: string, options: { paper?: 58 | 80 | 'a4' }) => Promise<void> | void;
  printing?: boolean;
  canPay: boolean;
  canVoid: boolean;
  canReturn: boolean;
}

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

function SaleDetailBody({ sale: s, actions }: { sale: SaleDetail; actions: SaleDetailActions }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const voidSale = useVoidSale();
  const money = (v: string) => saleMoney(v, s.currency, lang);
  const print = (paper: 58 | 80 | 'a4') => {
    void Promise.resolve(actions.print(s.id, { paper })).catch((e: unknown) => notifyError(e));
  };
  const returnable = s.status === 'completed' && s.document === 'sale' && s.lines.some((l) => isNonZero(l.returnable_quantity));
  const facts: Array<[string, React.ReactNode]> = [
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
      </Group>,
    ],
  ];
  // A discount above the seller's limit was approved on the till's screen: who approved it.
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
        {money(s.customer_balance_due)}
      </span>,
    ]);
  const totals: Array<[string, string, boolean?]> = [[t('sales_ui.subtotal'), money(s.subtotal)]];
  if (isNonZero(s.discount_amount)) totals.push([t('sales_ui.order_discount'), money(negated(s.discount_amount))]);
  if (isNonZero(s.coupon_amount)) totals.push([t('sales_ui.coupon', { code: s.coupon_code ?? '' }), money(negated(s.coupon_amount))]);
  if (isNonZero(s.service_charge)) totals.push([s.service_charge_name ?? t('sales_ui.service_charge'), money(s.service_charge)]);
  if (isNonZero(s.tax))
    totals.push([t(s.vat_inclusive ? 'sales_ui.vat_included' : 'sales_ui.vat', { rate: s.vat_rate.replace(/\.?0+$/, '') }), money(s.tax)]);
  if (isNonZero(s.shipping)) totals.push([t('sales_ui.shipping'), money(s.shipping)]);
  if (isNonZero(s.rounding)) totals.push([t('sales_ui.rounding'), money(s.rounding)]);
  totals.push([t('sales_ui.grand_total'), money(s.grand_total), true]);
  if (s.currency !== 'KHR') totals.push([t('sales_ui.total_riel'), saleMoney(s.grand_total_khr, 'KHR', lang)]);
  totals.push([t('sales_ui.rate'), formatRate(s.exchange_rate, lang)]);
  totals.push([t('sales_ui.paid'), money(s.paid)]);
  if (isNonZero(s.tendered)) totals.push([t('sales_ui.tendered'), money(s.tendered)]);
  if (isNonZero(s.change)) {
    const given = [
      isNonZero(s.change_usd) && saleMoney(s.change_usd, 'USD', lang),
      isNonZero(s.change_khr) && saleMoney(s.change_khr, 'KHR', lang),
    ]
      .filter(Boolean)
      .join(' + ');
    totals.push([t('sales_ui.change'), given ? `${money(s.change)} (${given})` : money(s.change)]);
  }
  if (isNonZero(s.returned_amount)) totals.push([t('sales_ui.returned_amount'), money(s.returned_amount)]);
  totals.push([t('sales_ui.balance_due'), money(s.balance_due), true]);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button
              leftSection={<IconPrinter size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={actions.printing}
              data-testid="print-menu"
            >
              {t('sales_ui.print')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => print(80)} data-testid="print-80">
              {t('sales_ui.print_80')}
            </Menu.Item>
            <Menu.Item onClick={() => print(58)} data-testid="print-58">
              {t('sales_ui.print_58')}
            </Menu.Item>
            <Menu.Item onClick={() => print('a4')} data-testid="print-a4">
              {t('sales_ui.print_a4')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {actions.canReturn && returnable && (
          <Button
            variant="light"
            component={Link}
            to={`/sales-listing/create-sale-return?sale_id=${s.id}`}
            leftSection={<IconArrowBackUp size={16} />}
            data-testid="return-goods"
          >
            {t('sales_ui.return_goods')}
          </Button>
        )}
        {actions.canVoid && (s.status === 'completed' || s.status === 'open') && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} />}
            loading={voidSale.isPending}
            data-testid="void-sale"
            onClick={() =>
              confirmAction({
                title: t('sales_ui.void_title', { number: s.invoice_number }),
                text: t('sales_ui.void_text'),
                confirm: t('sales_ui.void_confirm'),
                color: 'red',
                onConfirm: () =>
                  voidSale.mutate(
                    { id: s.id },
                    {
                      onSuccess: () => notifySuccess('sales_ui.voided'),
                      onError: (e) => {
                        // The drawer no longer holds the cash in the currency it came in: offer the other currency.
                        if (!(e instanceof ApiError && e.errors?.refund_currency)) return notifyError(e);
                        const other = s.payments.every((p) => p.currency === 'KHR') ? 'USD' : 'KHR';
                        confirmAction({
                          title: t('sales_ui.void_other_currency'),
                          text: e.message,
                          confirm: t(other === 'KHR' ? 'sales_ui.void_in_riel' : 'sales_ui.void_in_dollars'),
                          color: 'red',
                          onConfirm: () =>
                            voidSale.mutate(
                              { id: s.id, refund_currency: other },
                              { onSuccess: () => notifySuccess('sales_ui.voided'), onError: (e2) => notifyError(e2) },
                            ),
                        });
                      },
                    },
                  ),
              })
            }
          >
            {t('sales_ui.void')}
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text size="sm" component="div">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {s.note && (
        <Text size="sm">
          {t('sales_ui.note')}: {s.note}
        </Text>
      )}

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
                  <Text size="sm">{l.product_name}</Text>
                  {l.sku_code && (
                    <Text size="xs" c="dimmed">
                      {l.sku_code}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {plainQuantity(l.quantity)} {l.unit_name ?? ''}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{money(l.unit_price)}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {isNonZero(l.line_discount) ? <Ltr>{money(negated(l.line_discount))}</Ltr> : '—'}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{money(l.gross_amount)}</Table.Td>
                <Table.Td>{isNonZero(l.returned_quantity) ? plainQuantity(l.returned_quantity) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="flex-end">
        <SimpleGrid cols={2} spacing={4} verticalSpacing={2} w={{ base: '100%', sm: 380 }} data-testid="sale-totals">
          {totals.map(([label, value, strong]) => (
            <Fragment key={label}>
              <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
                {label}
              </Text>
              <Text size="sm" fw={strong ? 700 : 400} ta="end">
                <Ltr>{value}</Ltr>
              </Text>
            </Fragment>
          ))}
        </SimpleGrid>
      </Group>

      <Payments sale={s} canPay={actions.canPay} />
      <Returns sale={s} />
    </Stack>
  );
}

function Payments({ sale: s, canPay }: { sale: SaleDetail; canPay: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = useSaleScreenOptions();
  const add = useAddSalePayment();
  const [form, setForm] = useState({ payment_method_id: '', currency: 'USD', amount: '', reference: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = canPay && s.status === 'completed' && s.payment_status !== 'paid' && isNonZero(s.balance_due);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = salePaymentAddSchema.safeParse(form);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= t(issue.message);
      setErrors(out);
      return;
    }
    setErrors({});
    add.mutate(
      { id: s.id, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess('messages.created');
          setForm((f) => ({ ...f, amount: '', reference: '' }));
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        {t('sales_ui.payments')}
      </Title>
      {s.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sales_ui.no_payments')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="sale-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sales_ui.paid_on')}</Table.Th>
              <Table.Th>{t('sales_ui.payment_method')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
              <Table.Th>{t('sales_ui.reference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatDate(`${p.paid_on}T12:00:00Z`, lang)}</Table.Td>
                <Table.Td>{p.payment_method_name}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{saleMoney(p.amount, p.currency, lang)}</Table.Td>
                <Table.Td>{p.reference || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && (
        <form onSubmit={submit} noValidate data-testid="sale-payment-form">
          <Group mt="sm" align="flex-start" gap="sm">
            <Select
              label={t('sales_ui.payment_method')}
              withAsterisk
              data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={form.payment_method_id || null}
              error={errors.payment_method_id}
              onChange={(v) => setForm((f) => ({ ...f, payment_method_id: v ?? '' }))}
              w={190}
              data-testid="payment-method"
            />
            <Select
              label={t('sales_ui.currency')}
              data={TENDER_CURRENCIES.map((c) => ({ value: c, label: c }))}
              value={form.currency}
              allowDeselect={false}
              onChange={(v) => setForm((f) => ({ ...f, currency: v ?? 'USD' }))}
              w={100}
            />
            <TextInput
              label={t('sales_ui.amount')}
              withAsterisk
              inputMode="decimal"
              placeholder={form.currency === s.currency ? s.balance_due : undefined}
              value={form.amount}
              error={errors.amount}
              onChange={(e) => {
                const amount = e.currentTarget.value;
                setForm((f) => ({ ...f, amount }));
              }}
              w={140}
              data-testid="payment-amount"
            />
            <TextInput
              label={t('sales_ui.reference')}
              value={form.reference}
              error={errors.reference}
              onChange={(e) => {
                const reference = e.currentTarget.value;
                setForm((f) => ({ ...f, reference }));
              }}
              w={160}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid="add-payment">
              {t('sales_ui.add_payment')}
            </Button>
          </Group>
        </form>
      )}
    </div>
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
