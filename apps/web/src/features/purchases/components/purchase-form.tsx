import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Center,
  Checkbox,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDecimal, isCurrencyCode, lineAmount, minorDigits, parseDecimal, parseQuantity } from '@posauto/shared/money/index';
import type { Product } from '@posauto/shared/schemas/products';
import { PURCHASE_INPUT_STATUSES, purchaseInputSchema, type PurchaseDetail, type PurchaseInput } from '@posauto/shared/schemas/purchases';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { uploadImage, IMAGE_TYPES } from '../../../lib/upload';
import { usePurchase, usePurchaseOptions, useSavePurchase, useVariantOptions } from '../api/purchases';
import { NoPaymentMethod } from './no-payment-method';

/** A line being bought: the item, its variant and unit, quantity, unit cost and (for expiry-tracked items) expiry. */
interface Line {
  key: string;
  product_id: string;
  name: string;
  variation: boolean;
  has_expiry: boolean;
  /** Any unit of the item's family (the product's own unit), to offer its other units. */
  family_unit_id: string | null;
  variant_id: string | null;
  unit_id: string | null;
  quantity: string;
  unit_cost: string;
  expiry_date: string;
}

export interface PurchaseFormProps {
  /** The catalogue's product finder, handed in by the screen (features do not import each other). */
  renderPicker: (onPick: (p: Product) => void) => ReactNode;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Creates a purchase, or edits the one named in the address (edit-purchase/:id). */
export function PurchaseForm({ renderPicker }: PurchaseFormProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const existing = usePurchase(id);
  if (id && !existing.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <PurchaseFormBody key={id ?? 'new'} existing={existing.data ?? null} renderPicker={renderPicker} />;
}

function linesOf(p: PurchaseDetail | null): Line[] {
  return (p?.lines ?? []).map((l) => ({
    key: l.id,
    product_id: l.product_id,
    name: `${l.product_name} · ${l.sku_code}`,
    variation: Boolean(l.variant_id),
    has_expiry: l.has_expiry,
    family_unit_id: l.unit_id,
    variant_id: l.variant_id,
    unit_id: l.unit_id,
    quantity: l.quantity,
    unit_cost: l.unit_cost,
    expiry_date: l.expiry_date ?? '',
  }));
}

function PurchaseFormBody({ existing, renderPicker }: PurchaseFormProps & { existing: PurchaseDetail | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const options = usePurchaseOptions();
  const save = useSavePurchase();
  const [lines, setLines] = useState<Line[]>(() => linesOf(existing));
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [payNow, setPayNow] = useState(false);
  // No active payment method: nothing to pay with now (the purchase itself can still be saved).
  const noMethod = options.isSuccess && (options.data?.payment_methods ?? []).length === 0;
  const [attachment, setAttachment] = useState<{ key: string; url: string | null } | null>(
    existing?.attachment ? { key: existing.attachment, url: existing.attachment_url } : null,
  );
  const [uploading, setUploading] = useState(false);
  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      setAttachment(await uploadImage(file, 'purchase'));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      supplier_id: existing?.supplier_id ?? '',
      branch_id: existing?.branch_id ?? '',
      purchase_date: existing?.purchase_date ?? today(),
      status: (existing?.status === 'void' ? 'received' : existing?.status) ?? 'received',
      shipping_cost: existing?.shipping_cost ?? '0',
      note: existing?.note ?? '',
      payment_method_id: '',
      payment_amount: '',
      paid_on: today(),
    },
  });
  const branches = options.data?.branches ?? [];
  useEffect(() => {
    if (branches.length === 1 && !form.getValues().branch_id) form.setFieldValue('branch_id', branches[0]!.id);
  }, [branches.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const currency = options.data?.currency ?? existing?.currency ?? 'USD';
  const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
  const totals = (() => {
    try {
      const sub = lines.reduce(
        (s, l) => s + lineAmount(parseQuantity(l.quantity.trim() || '0'), parseDecimal(l.unit_cost.trim() || '0', digits)),
        0,
      );
      const ship = parseDecimal(form.values.shipping_cost.trim() || '0', digits);
      return { subtotal: formatDecimal(sub, digits), grand: formatDecimal(sub + ship, digits) };
    } catch {
      return null;
    }
  })();

  const unitsFor = (line: Line) => {
    const units = options.data?.units ?? [];
    const own = units.find((u) => u.id === line.family_unit_id);
    if (!own) return [];
    const base = own.base_unit_id ?? own.id;
    return units.filter((u) => (u.base_unit_id ?? u.id) === base).map((u) => ({ value: u.id, label: u.name }));
  };

  const add = (p: Product) =>
    setLines((ls) => [
      ...ls,
      {
        key: `${p.id}-${Date.now()}`,
        product_id: p.id,
        name: `${p.product_name} · ${p.sku_code}`,
        variation: p.type === 'variation',
        has_expiry: p.has_expiry,
        family_unit_id: p.unit_id,
        variant_id: null,
        unit_id: p.unit_id,
        quantity: '1',
        unit_cost: p.purchase_cost,
        expiry_date: '',
      },
    ]);
  const change = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = form.onSubmit(async (values) => {
    const input: PurchaseInput = {
      supplier_id: values.supplier_id,
      branch_id: values.branch_id,
      purchase_date: values.purchase_date,
      status: values.status as PurchaseInput['status'],
      shipping_cost: values.shipping_cost.trim() || '0',
      note: values.note,
      attachment: attachment?.key ?? null,
      lines: lines.map((l) => ({
        product_id: l.product_id,
        variant_id: l.variant_id,
        unit_id: l.unit_id,
        quantity: l.quantity.trim(),
        unit_cost: l.unit_cost.trim(),
        expiry_date: l.has_expiry && l.expiry_date ? l.expiry_date : null,
      })),
      payment: payNow
        ? { payment_method_id: values.payment_method_id, amount: values.payment_amount.trim(), paid_on: values.paid_on }
        : null,
    };
    const parsed = purchaseInputSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      const perLine: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [head, index, field] = issue.path;
        if (head === 'lines' && typeof index === 'number') perLine[`${lines[index]!.key}.${String(field)}`] ??= t(issue.message);
        else if (head === 'payment') fieldErrors[field === 'amount' ? 'payment_amount' : String(index)] ??= t(issue.message);
        else fieldErrors[String(head)] ??= t(issue.message);
      }
      form.setErrors(fieldErrors);
      setLineErrors(perLine);
      if (fieldErrors.lines) notifyError(new Error(fieldErrors.lines));
      return;
    }
    setLineErrors({});
    try {
      const res = await save.mutateAsync({ id: existing?.id, input: parsed.data });
      notifySuccess(existing ? 'messages.updated' : 'messages.created');
      void navigate(`/purchase-listing/detail-listing/${res.data.id}`);
    } catch (e) {
      notifyError(e);
    }
  });

  const statuses = PURCHASE_INPUT_STATUSES.filter((s) => existing?.status !== 'received' || s === 'received');
  return (
    <form onSubmit={submit} noValidate data-testid="purchase-form">
      <PageHeader title={existing ? `${t('pages.edit-purchase')} ${existing.purchase_number}` : undefined} />
      <Stack>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('purchase.supplier')}
              withAsterisk
              searchable
              data={(options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
              {...form.getInputProps('supplier_id')}
              data-testid="purchase-supplier"
            />
            <Select
              label={t('purchase.branch')}
              withAsterisk
              data={branches.map((b) => ({ value: b.id, label: b.name }))}
              {...form.getInputProps('branch_id')}
              data-testid="purchase-branch"
            />
            <TextInput type="date" label={t('purchase.date')} withAsterisk {...form.getInputProps('purchase_date')} />
            <Select
              label={t('purchase.status')}
              withAsterisk
              allowDeselect={false}
              data={statuses.map((s) => ({ value: s, label: t(`purchase.status_${s}`) }))}
              {...form.getInputProps('status')}
              data-testid="purchase-status-input"
            />
          </SimpleGrid>
          <Textarea mt="sm" label={t('purchase.note')} autosize minRows={2} {...form.getInputProps('note')} />
          <Group mt="sm" gap="sm">
            <FileButton onChange={(f) => void attach(f)} accept={IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={uploading}>
                  {t('purchase.attachment')}
                </Button>
              )}
            </FileButton>
            {attachment && (
              <>
                {attachment.url && (
                  <Anchor href={attachment.url} target="_blank" rel="noreferrer" size="sm">
                    {t('purchase.view_attachment')}
                  </Anchor>
                )}
                <Button variant="subtle" color="red" size="xs" onClick={() => setAttachment(null)}>
                  {t('purchase.remove_attachment')}
                </Button>
              </>
            )}
          </Group>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Stack>
            {renderPicker(add)}
            {lines.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('purchase.no_lines')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('purchase.item')}</Table.Th>
                      <Table.Th>{t('purchase.unit')}</Table.Th>
                      <Table.Th>{t('purchase.quantity')}</Table.Th>
                      <Table.Th>{t('purchase.unit_cost')}</Table.Th>
                      <Table.Th>{t('purchase.expiry_date')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.map((l) => (
                      <LineRow
                        key={l.key}
                        line={l}
                        units={unitsFor(l)}
                        errors={lineErrors}
                        onChange={(patch) => change(l.key, patch)}
                        onRemove={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={`${t('purchase.shipping_cost')} (${currency})`}
              inputMode="decimal"
              {...form.getInputProps('shipping_cost')}
              data-testid="purchase-shipping"
            />
            <div>
              <Text size="xs" c="dimmed">
                {t('purchase.subtotal')}
              </Text>
              <Text fw={500}>{totals ? formatMoneyText(totals.subtotal, currency, lang) : '—'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('purchase.grand_total')}
              </Text>
              <Text fw={700} data-testid="purchase-grand-total">
                {totals ? formatMoneyText(totals.grand, currency, lang) : '—'}
              </Text>
            </div>
          </SimpleGrid>
          {!existing && (
            <>
              <Checkbox
                mt="md"
                label={t('purchase.pay_now')}
                checked={payNow}
                disabled={noMethod}
                onChange={(e) => setPayNow(e.currentTarget.checked)}
              />
              {noMethod && <NoPaymentMethod />}
              {payNow && !noMethod && (
                <SimpleGrid mt="sm" cols={{ base: 1, sm: 3 }}>
                  <Select
                    label={t('purchase.payment_method')}
                    withAsterisk
                    data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
                    {...form.getInputProps('payment_method_id')}
                  />
                  <TextInput
                    label={`${t('purchase.amount')} (${currency})`}
                    withAsterisk
                    inputMode="decimal"
                    {...form.getInputProps('payment_amount')}
                  />
                  <TextInput type="date" label={t('purchase.paid_on')} withAsterisk {...form.getInputProps('paid_on')} />
                </SimpleGrid>
              )}
            </>
          )}
        </Paper>
        <FormActions saving={save.isPending} onCancel={() => void navigate('/purchase-listing')} mt={0} />
      </Stack>
    </form>
  );
}

function LineRow(props: {
  line: Line;
  units: Array<{ value: string; label: string }>;
  errors: Record<string, string>;
  onChange: (patch: Partial<Line>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { line, units, errors } = props;
  const variants = useVariantOptions(line.variation ? line.product_id : null);
  const err = (field: string) => errors[`${line.key}.${field}`];
  return (
    <Table.Tr data-testid="purchase-line">
      <Table.Td>
        <Text size="sm" fw={500}>
          {line.name}
        </Text>
        {line.variation && (
          <Select
            mt={4}
            size="xs"
            aria-label={`${t('purchase.variant')} ${line.name}`}
            placeholder={t('purchase.variant')}
            data={variants}
            value={line.variant_id}
            error={err('variant_id')}
            onChange={(v) => props.onChange({ variant_id: v })}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={`${t('purchase.unit')} ${line.name}`}
          data={units}
          value={line.unit_id}
          onChange={(v) => props.onChange({ unit_id: v })}
          disabled={units.length === 0}
          data-testid="line-unit"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={`${t('purchase.quantity')} ${line.name}`}
          value={line.quantity}
          error={err('quantity')}
          onChange={(e) => props.onChange({ quantity: e.currentTarget.value })}
          data-testid="line-quantity"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={`${t('purchase.unit_cost')} ${line.name}`}
          value={line.unit_cost}
          error={err('unit_cost')}
          onChange={(e) => props.onChange({ unit_cost: e.currentTarget.value })}
          data-testid="line-cost"
        />
      </Table.Td>
      <Table.Td>
        {line.has_expiry ? (
          <TextInput
            size="xs"
            type="date"
            aria-label={`${t('purchase.expiry_date')} ${line.name}`}
            value={line.expiry_date}
            error={err('expiry_date')}
            onChange={(e) => props.onChange({ expiry_date: e.currentTarget.value })}
            data-testid="line-expiry"
          />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" onClick={props.onRemove} aria-label={`${t('common.delete')} ${line.name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
