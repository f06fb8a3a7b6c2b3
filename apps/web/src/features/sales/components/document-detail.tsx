import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit, IconPrinter, IconTransform } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TENDER_CURRENCIES, salePaymentAddSchema, type SaleDetail } from '@posauto/shared/schemas/sales';
import { formatMoneyText } from '../../../lib/money-format';
import { Ltr } from '../../../components/ltr';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddDocumentPayment, useDocument, useScreenOptions } from '../api/sale-documents';
import { ConvertDialog } from './convert-dialog';
import { PaymentBadge, StatusBadge } from './document-list';

export type PrintPaper = 58 | 80 | 'a4';

export interface DocumentDetailProps {
  id: string | undefined;
  /** Printing lives in the receipts feature: the screen hands it in. */
  onPrint: (id: string, paper: PrintPaper) => void;
  printing: boolean;
  canPay: boolean;
  canConvert: boolean;
  canEdit: boolean;
  /** The page heading; default: the route's title. */
  embedded?: boolean;
}

const nonZero = (v: string) => /[1-9]/.test(v);

/** A saved sale, invoice or quotation, read-only (saved documents are never edited in place) with its actions. */
export function DocumentDetail(props: DocumentDetailProps) {
  const { t } = useTranslation();
  const doc = useDocument(props.id);
  if (doc.isLoading) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!doc.data) {
    return (
      <>
        {!props.embedded && <PageHeader />}
        <Alert color="orange">{t('sales_ui.not_found')}</Alert>
      </>
    );
  }
  return <Body {...props} s={doc.data} />;
}

function Body({ s, onPrint, printing, canPay, canConvert, canEdit, embedded }: DocumentDetailProps & { s: SaleDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [converting, setConverting] = useState(false);
  const quotation = s.document === 'quotation';
  const money = (v: string, c = s.currency) => formatMoneyText(v, c, lang);
  const editable = s.document === 'invoice' && s.status === 'completed' && s.payment_status === 'unpaid';
  return (
    <Stack data-testid="document-detail">
      {!embedded && <PageHeader title={`${t(`sale_docs.document.${s.document}`)} ${s.invoice_number}`} />}
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Title order={3} size="h4" data-testid="doc-number">
            {s.invoice_number}
          </Title>
          <StatusBadge status={s.status} />
          {!quotation && <PaymentBadge status={s.payment_status} />}
          <Badge variant="outline">{t(`sales_ui.sale_type.${s.sale_type}`)}</Badge>
        </Group>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconPrinter size={16} />} loading={printing} data-testid="doc-print">
                {t('sales_ui.print')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onPrint(s.id, 'a4')}>{t('sales_ui.print_a4')}</Menu.Item>
              <Menu.Item onClick={() => onPrint(s.id, 80)}>{t('sales_ui.print_80')}</Menu.Item>
              <Menu.Item onClick={() => onPrint(s.id, 58)}>{t('sales_ui.print_58')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {canEdit && editable && (
            <Button variant="default" component={Link} to={`/invoice-listing/edit/${s.id}`} leftSection={<IconEdit size={16} />}>
              {t('sale_docs.edit')}
            </Button>
          )}
          {quotation && canConvert && s.status === 'open' && (
            <Button leftSection={<IconTransform size={16} />} onClick={() => setConverting(true)} data-testid="doc-convert">
              {t('sale_docs.convert')}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('sales_ui.date')} value={formatDate(`${s.sale_date}T12:00:00Z`, lang)} />
          <Field label={t('sales_ui.customer')} value={s.customer_name} />
          <Field label={t('sales_ui.branch')} value={s.branch_name} />
          <Field label={t('sales_ui.cashier')} value={s.cashier_name ?? '—'} />
        </SimpleGrid>
        {s.note && <Field label={t('sales_ui.note')} value={s.note} />}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="doc-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales_ui.item')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.quantity')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.unit_price')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.discount')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.product_name}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>
                    <Ltr>{`${l.quantity} ${l.unit_name ?? ''}`}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.unit_price)}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.line_discount)}</Ltr>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                    <Ltr>{money(l.net_amount)}</Ltr>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4} mt="md" maw={380} ms="auto">
          <Line label={t('sales_ui.subtotal')} value={money(s.subtotal)} />
          {nonZero(s.discount_amount) && <Line label={t('sales_ui.order_discount')} value={money(s.discount_amount)} />}
          {nonZero(s.coupon_amount) && <Line label={t('sales_ui.coupon', { code: s.coupon_code ?? '' })} value={money(s.coupon_amount)} />}
          {nonZero(s.service_charge) && <Line label={t('sales_ui.service_charge')} value={money(s.service_charge)} />}
          {nonZero(s.vat_rate) && (
            <Line label={t(s.vat_inclusive ? 'sales_ui.vat_included' : 'sales_ui.vat', { rate: s.vat_rate })} value={money(s.tax)} />
          )}
          {nonZero(s.shipping) && <Line label={t('sales_ui.shipping')} value={money(s.shipping)} />}
          {nonZero(s.rounding) && <Line label={t('sales_ui.rounding')} value={money(s.rounding)} />}
          <Line strong label={t('sales_ui.grand_total')} value={money(s.grand_total)} testId="detail-grand-total" />
          <Line label={t('sales_ui.total_riel')} value={money(s.grand_total_khr, 'KHR')} />
          {!quotation && (
            <>
              <Line label={t('sales_ui.paid')} value={money(s.paid)} />
              <Line strong label={t('sales_ui.balance_due')} value={money(s.balance_due)} testId="detail-balance-due" />
              {nonZero(s.customer_balance_due) && <Line label={t('sales_ui.customer_balance_due')} value={money(s.customer_balance_due)} />}
            </>
          )}
        </Stack>
      </Paper>

      {!quotation && <Payments s={s} canPay={canPay} />}
      <ConvertDialog quotation={converting ? s : null} onClose={() => setConverting(false)} />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} dir="ltr" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function Payments({ s, canPay }: { s: SaleDetail; canPay: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = useScreenOptions();
  const add = useAddDocumentPayment();
  const [form, setForm] = useState({ payment_method_id: '', currency: 'USD', amount: '', reference: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = canPay && s.status === 'completed' && s.payment_status !== 'paid' && nonZero(s.balance_due);
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
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {t('sales_ui.payments')}
      </Title>
      {s.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sales_ui.no_payments')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="doc-payments">
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
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  <Ltr>{formatMoneyText(p.amount, p.currency, lang)}</Ltr>
                </Table.Td>
                <Table.Td>{p.reference || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && (
        <form onSubmit={submit} noValidate data-testid="doc-payment-form">
          <Group mt="sm" align="flex-start" gap="sm">
            <Select
              label={t('sales_ui.payment_method')}
              withAsterisk
              data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={form.payment_method_id || null}
              error={errors.payment_method_id}
              onChange={(v) => setForm((f) => ({ ...f, payment_method_id: v ?? '' }))}
              w={190}
              data-testid="pay-method"
            />
            <Select
              label={t('sales_ui.currency')}
              allowDeselect={false}
              data={TENDER_CURRENCIES.map((c) => ({ value: c, label: t(`sales_ui.currency_${c}`) }))}
              value={form.currency}
              onChange={(v) => setForm((f) => ({ ...f, currency: v ?? 'USD' }))}
              w={140}
            />
            <TextInput
              label={t('sales_ui.amount')}
              withAsterisk
              inputMode="decimal"
              value={form.amount}
              error={errors.amount}
              onChange={(e) => setForm((f) => ({ ...f, amount: e.currentTarget.value }))}
              w={140}
              data-testid="pay-amount"
            />
            <TextInput
              label={t('sales_ui.reference')}
              value={form.reference}
              onChange={(e) => setForm((f) => ({ ...f, reference: e.currentTarget.value }))}
              w={160}
            />
            <Button type="submit" mt={25} loading={add.isPending} data-testid="pay-submit">
              {t('sales_ui.add_payment')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
