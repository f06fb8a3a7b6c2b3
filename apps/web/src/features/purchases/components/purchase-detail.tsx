import { Fragment, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEdit, IconPlus, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { purchasePaymentInputSchema, type PurchaseDetail } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { confirmAction } from '../../../components/crud/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddPurchasePayment, useDeletePurchasePayment, usePurchase, usePurchaseAction, usePurchaseOptions } from '../api/purchases';
import { NoPaymentMethod } from './no-payment-method';
import { PaymentStatusBadge, PurchaseStatusBadge } from './purchase-badges';

/** A4 on paper: the menu, the buttons and the payment form stay on screen. */
const PRINT_CSS =
  '@media print { @page { size: A4; margin: 14mm; } .mantine-AppShell-main { padding: 0 !important; } .purchase-doc { font-size: 11pt; } }';

/** One purchase: its lines, totals and payments; receive, cancel, pay, edit, return goods and print the order. */
export function PurchaseDetailPage({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { id } = useParams();
  const doc = usePurchase(id);
  const action = usePurchaseAction();
  if (!doc.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const p = doc.data;
  const money = (v: string) => formatMoneyText(v, p.currency, lang);
  const run = (kind: 'receive' | 'cancel') =>
    confirmAction({
      title: t(`purchase.${kind}_title`),
      text: t(`purchase.${kind}_text`),
      confirm: t(`purchase.${kind}_confirm`),
      color: kind === 'cancel' ? 'red' : undefined,
      onConfirm: () =>
        action.mutate({ id: p.id, action: kind }, { onSuccess: () => notifySuccess('messages.updated'), onError: (e) => notifyError(e) }),
    });
  const facts: Array<[string, React.ReactNode]> = [
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
        actions={
          <Group gap="xs" className="no-print">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t('purchase.print')}
            </Button>
            {canWrite && p.status !== 'void' && !p.lines.some((l) => l.returned_quantity !== '0') && (
              <Button
                variant="default"
                component={Link}
                to={`/purchase-listing/edit-purchase/${p.id}`}
                leftSection={<IconEdit size={16} />}
              >
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
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} />}
                onClick={() => run('cancel')}
                loading={action.isPending}
              >
                {t('purchase.cancel')}
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
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
                    <Text size="sm">{l.product_name}</Text>
                    <Text size="xs" c="dimmed">
                      {l.sku_code}
                    </Text>
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
        <Group justify="flex-end" mt="md">
          <SimpleGrid cols={2} spacing={4} verticalSpacing={2} w={320}>
            {(
              [
                ['purchase.subtotal', p.subtotal],
                ['purchase.shipping_cost', p.shipping_cost],
                ['purchase.grand_total', p.grand_total],
                ['purchase.paid', p.paid],
                ['purchase.balance_due', p.balance_due],
              ] as const
            ).map(([label, value]) => (
              <Fragment key={label}>
                <Text size="sm" c="dimmed">
                  {t(label)}
                </Text>
                <Text size="sm" fw={label === 'purchase.grand_total' || label === 'purchase.balance_due' ? 700 : 400} ta="end">
                  {money(value)}
                </Text>
              </Fragment>
            ))}
          </SimpleGrid>
        </Group>
      </Paper>
      <Payments purchase={p} canWrite={canWrite} />
    </Stack>
  );
}

function Payments({ purchase: p, canWrite }: { purchase: PurchaseDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options = usePurchaseOptions();
  const add = useAddPurchasePayment();
  const remove = useDeletePurchasePayment();
  const [form, setForm] = useState({ payment_method_id: '', amount: '', paid_on: new Date().toISOString().slice(0, 10) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canPay = canWrite && p.status !== 'void' && p.balance_due !== '0' && Number(p.balance_due) > 0;
  const noMethod = options.isSuccess && (options.data?.payment_methods ?? []).length === 0;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = purchasePaymentInputSchema.safeParse(form);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= t(issue.message);
      setErrors(out);
      return;
    }
    setErrors({});
    add.mutate(
      { id: p.id, input: parsed.data },
      {
        onSuccess: () => {
          notifySuccess('messages.created');
          setForm((f) => ({ ...f, amount: '' }));
        },
        onError: (err) => notifyError(err),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {t('purchase.payments')}
      </Title>
      {p.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('purchase.no_payments')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="purchase-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('purchase.paid_on')}</Table.Th>
              <Table.Th>{t('purchase.payment_method')}</Table.Th>
              <Table.Th>{t('purchase.amount')}</Table.Th>
              <Table.Th>{t('purchase.note')}</Table.Th>
              {canWrite && <Table.Th className="no-print">{t('common.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.payments.map((y) => (
              <Table.Tr key={y.id}>
                <Table.Td>{formatDate(`${y.paid_on}T12:00:00Z`, lang)}</Table.Td>
                <Table.Td>{y.payment_method_name}</Table.Td>
                <Table.Td>{formatMoneyText(y.amount, p.currency, lang)}</Table.Td>
                <Table.Td>{y.note}</Table.Td>
                {canWrite && (
                  <Table.Td className="no-print">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('purchase.delete_payment')} ${y.amount}`}
                      onClick={() =>
                        confirmAction({
                          title: t('purchase.delete_payment_title'),
                          text: t('purchase.delete_payment_text'),
                          confirm: t('common.delete'),
                          color: 'red',
                          onConfirm: () =>
                            remove.mutate(
                              { id: p.id, paymentId: y.id },
                              { onSuccess: () => notifySuccess('messages.deleted'), onError: (err) => notifyError(err) },
                            ),
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canPay && noMethod && <NoPaymentMethod />}
      {canPay && !noMethod && (
        <form onSubmit={submit} noValidate className="no-print" data-testid="payment-form">
          <Group mt="md" align="flex-start" gap="sm">
            <Select
              label={t('purchase.payment_method')}
              withAsterisk
              data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={form.payment_method_id || null}
              error={errors.payment_method_id}
              onChange={(v) => setForm((f) => ({ ...f, payment_method_id: v ?? '' }))}
              w={200}
            />
            <TextInput
              label={`${t('purchase.amount')} (${p.currency})`}
              withAsterisk
              inputMode="decimal"
              placeholder={p.balance_due}
              value={form.amount}
              error={errors.amount}
              onChange={(e) => {
                const amount = e.currentTarget.value;
                setForm((f) => ({ ...f, amount }));
              }}
              w={160}
            />
            <TextInput
              type="date"
              label={t('purchase.paid_on')}
              withAsterisk
              value={form.paid_on}
              error={errors.paid_on}
              onChange={(e) => {
                const paid_on = e.currentTarget.value;
                setForm((f) => ({ ...f, paid_on }));
              }}
              w={170}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending}>
              {t('purchase.add_payment')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
