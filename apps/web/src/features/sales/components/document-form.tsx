import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PosUnit } from '@posauto/shared/schemas/pos';
import type { PosLookupVariant } from '@posauto/shared/schemas/pos-lookup';
import {
  SALE_TYPES,
  TENDER_CURRENCIES,
  saleInputSchema,
  type SaleDetail,
  type SaleDocument,
  type SaleInput,
  type SaleType,
} from '@posauto/shared/schemas/sales';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCustomerChoices, useDocument, useSaveDocument, useScreenOptions, useShopSetting } from '../api/sale-documents';
import { draftTotals, unitLinePrice, type DraftDiscount } from '../lib/totals';
import type { DocumentLinePick } from './product-finder';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import { uuid } from '../../../lib/uuid';

interface Line {
  key: string;
  product_id: string;
  /** The product's name; `name` adds the variant's. */
  product_name: string;
  name: string;
  sku: string | null;
  unit_name: string | null;
  variant_id: string | null;
  /** A saved line keeps its unit (sent back as it is); a new one starts in the product's sale unit. */
  unit_id?: string | null;
  /** Units the line may be sold in (from the look-up; none for a saved line, which keeps its own). */
  units: PosUnit[];
  /** The product's active variants (from the look-up; none for a saved line). */
  variants: PosLookupVariant[];
  /** The catalogue price per the product's own unit (the variant's when it has one); null for a saved line. */
  base_price: string | null;
  quantity: string;
  unit_price: string;
  /** The catalogue's price: sent only when the user changed it (edit_cost). */
  list_price: string;
  discount: DraftDiscount | null;
}
interface Payment {
  key: string;
  payment_method_id: string | null;
  currency: 'USD' | 'KHR';
  amount: string;
  reference: string;
}

export interface DocumentFormProps {
  document: SaleDocument;
  /** The sale type the form starts with (a sale entered from the till's list: POS retail). */
  defaultSaleType?: SaleType;
  /** Where the list of this document lives, and where a saved one opens. */
  backTo: string;
  detailPath: (id: string) => string;
  /** The product finder, handed in by the screen: picks a product (and its variant) for a new line at the branch. */
  renderPicker: (onPick: (pick: DocumentLinePick) => void, context: { branchId: string | null; currency: string }) => ReactNode;
  /** An invoice to edit (edit/:id). */
  editId?: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Creates a sale, invoice or quotation, or edits an invoice that is still unpaid and not delivered. */
export function DocumentForm(props: DocumentFormProps) {
  const { t } = useTranslation();
  const existing = useDocument(props.editId);
  const setting = useShopSetting();
  if ((props.editId && !existing.data && !existing.error) || !setting.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (props.editId) {
    const doc = existing.data;
    const editable = doc && doc.document === 'invoice' && doc.status === 'completed' && doc.payment_status === 'unpaid';
    if (!editable) {
      return (
        <>
          <PageHeader />
          <Alert color="orange" title={t('sale_docs.not_editable_title')} data-testid="not-editable">
            {t(doc ? 'sale_docs.not_editable' : 'sales_ui.not_found')}
          </Alert>
        </>
      );
    }
  }
  return <FormBody key={props.editId ?? 'new'} {...props} existing={existing.data ?? null} setting={setting.data.setting} />;
}

function linesOf(doc: SaleDetail | null): Line[] {
  return (doc?.lines ?? []).map((l) => ({
    key: l.id,
    product_id: l.product_id,
    product_name: l.product_name,
    name: l.product_name,
    sku: null,
    unit_name: l.unit_name,
    variant_id: l.variant_id,
    unit_id: l.unit_id,
    units: [],
    variants: [],
    base_price: null,
    quantity: l.quantity,
    unit_price: l.unit_price,
    list_price: l.unit_price,
    discount: l.discount_type ? { type: l.discount_type, value: l.discount_value } : null,
  }));
}

type Setting = NonNullable<ReturnType<typeof useShopSetting>['data']>['setting'];

function FormBody(props: DocumentFormProps & { existing: SaleDetail | null; setting: Setting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { existing, setting, document } = props;
  const lang = currentLanguage();
  const options = useScreenOptions();
  const save = useSaveDocument();
  const [customerSearch, setCustomerSearch] = useState('');
  const [debounced] = useDebouncedValue(customerSearch, 250);
  const customers = useCustomerChoices(debounced);
  const [customerId, setCustomerId] = useState<string | null>(existing?.customer_id ?? null);
  const [customerLabel, setCustomerLabel] = useState(existing?.customer_name ?? '');
  const [branchId, setBranchId] = useState<string | null>(existing?.branch_id ?? null);
  const [saleDate, setSaleDate] = useState(existing?.sale_date ?? today());
  const [saleType, setSaleType] = useState<SaleType>(existing?.sale_type ?? props.defaultSaleType ?? 'general');
  const [lines, setLines] = useState<Line[]>(() => linesOf(existing));
  // A saved invoice keeps its order discount as the amount it came to (the sale stores the amount, not the rate).
  const savedDiscount = existing && /[1-9]/.test(existing.discount_amount) ? existing.discount_amount : '';
  const [discountType, setDiscountType] = useState<'percent' | 'fixed'>(savedDiscount ? 'fixed' : 'percent');
  const [discountValue, setDiscountValue] = useState(savedDiscount);
  const [shipping, setShipping] = useState(existing?.shipping ?? '0');
  const [note, setNote] = useState(existing?.note ?? '');
  const [payments, setPayments] = useState<Payment[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => uuid());

  const branches = options.data?.branches ?? [];
  useEffect(() => {
    if (branches.length === 1 && !branchId) setBranchId(branches[0]!.id);
  }, [branches.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const currency = setting.currency;
  const orderDiscount = discountValue.trim() ? { type: discountType, value: discountValue } : null;
  const totals = draftTotals(setting, lines, orderDiscount, shipping);
  const payable = document !== 'quotation' && !existing;

  const add = ({ product: p, variant }: DocumentLinePick) => {
    const unit = p.units.find((u) => u.id === p.sale_unit_id) ?? null;
    const base = variant?.price ?? p.price;
    const price = unitLinePrice(base, unit?.factor ?? '1', currency) ?? base;
    setLines((ls) => [
      ...ls,
      {
        key: `${p.id}-${uuid()}`,
        product_id: p.id,
        product_name: p.name,
        name: variant ? `${p.name} (${variant.name})` : p.name,
        sku: variant?.sku ?? p.sku,
        unit_name: unit?.name ?? null,
        variant_id: variant?.id ?? null,
        unit_id: unit?.id ?? p.sale_unit_id,
        units: p.units,
        variants: p.variants,
        base_price: base,
        quantity: '1',
        unit_price: price,
        list_price: price,
        discount: null,
      },
    ]);
  };
  const change = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  /** Another unit or variant: the price follows the catalogue again (a typed price was for the old one). */
  const repriced = (l: Line, patch: Partial<Line>): Line => {
    const next = { ...l, ...patch };
    const unit = next.units.find((u) => u.id === next.unit_id);
    const price = next.base_price === null ? null : unitLinePrice(next.base_price, unit?.factor ?? '1', currency);
    return price === null ? next : { ...next, unit_price: price, list_price: price };
  };
  const changeUnit = (key: string, unitId: string) =>
    setLines((ls) =>
      ls.map((l) => (l.key === key ? repriced(l, { unit_id: unitId, unit_name: l.units.find((u) => u.id === unitId)?.name ?? null }) : l)),
    );
  const changeVariant = (key: string, variantId: string) =>
    setLines((ls) =>
      ls.map((l) => {
        const v = l.variants.find((x) => x.id === variantId);
        if (l.key !== key || !v) return l;
        return repriced(l, { variant_id: v.id, name: `${l.product_name} (${v.name})`, sku: v.sku, base_price: v.price });
      }),
    );
  const changePayment = (key: string, patch: Partial<Payment>) =>
    setPayments((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  const customerData = [
    ...(customerId && !(customers.data ?? []).some((c) => c.id === customerId) ? [{ value: customerId, label: customerLabel }] : []),
    ...(customers.data ?? []).map((c) => ({ value: c.id, label: [c.name, c.phone, c.member_id].filter(Boolean).join(' · ') })),
  ];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const input: SaleInput = {
      document,
      sale_type: saleType,
      branch_id: branchId,
      customer_id: customerId,
      sale_date: setting.edit_date ? saleDate : null,
      lines: lines.map((l) => ({
        product_id: l.product_id,
        variant_id: l.variant_id,
        ...(l.unit_id !== undefined ? { unit_id: l.unit_id } : {}),
        quantity: l.quantity.trim(),
        unit_price: setting.edit_cost && l.unit_price.trim() !== l.list_price ? l.unit_price.trim() : null,
        discount: setting.inline_discount && l.discount?.value.trim() ? { type: l.discount.type, value: l.discount.value.trim() } : null,
      })),
      discount: orderDiscount ? { type: orderDiscount.type, value: orderDiscount.value.trim() } : null,
      shipping: shipping.trim() || '0',
      payments: payable
        ? payments.map((p) => ({
            payment_method_id: p.payment_method_id ?? '',
            currency: p.currency,
            amount: p.amount.trim(),
            reference: p.reference,
          }))
        : [],
      note,
    };
    const parsed = saleInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!branchId) found.branch_id = t('sale_docs.branch_required');
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= t(issue.message);
    if (Object.keys(found).length) {
      setErrors(found);
      if (found.lines) notifyError(new Error(found.lines));
      return;
    }
    setErrors({});
    try {
      const res = await save.mutateAsync({ id: existing?.id, key: idempotencyKey, input });
      notifySuccess(existing ? 'messages.updated' : 'messages.created');
      void navigate(props.detailPath(res.data.id));
    } catch (err) {
      // The server's refusal (no open cash session, a discount over the total...) stays on screen, translated.
      if (err instanceof ApiError) {
        setServerError(err.message);
        if (err.errors) setErrors(err.errors);
      }
      notifyError(err);
    }
  };

  const err = (path: string) => errors[path];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="document-form">
      <PageHeader title={existing ? `${t('pages.edit-invoice')} ${existing.invoice_number}` : undefined} />
      <Stack>
        {serverError && (
          <Alert color="red" role="alert" data-testid="server-error">
            {serverError}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('sales_ui.customer')}
              description={customers.available ? undefined : t('sale_docs.walk_in_only')}
              placeholder={t('sale_docs.walk_in')}
              searchable
              clearable
              disabled={!customers.available}
              data={customerData}
              value={customerId}
              searchValue={customerSearch}
              onSearchChange={setCustomerSearch}
              onChange={(v, option) => {
                setCustomerId(v);
                setCustomerLabel(option?.label ?? '');
              }}
              nothingFoundMessage={t('common.no_match')}
              error={err('customer_id')}
              data-testid="doc-customer"
            />
            <Select
              label={t('sales_ui.branch')}
              withAsterisk
              data={branches.map((b) => ({ value: b.id, label: b.name }))}
              value={branchId}
              onChange={setBranchId}
              error={err('branch_id')}
              data-testid="doc-branch"
            />
            {setting.edit_date ? (
              <TextInput
                type="date"
                label={t('sales_ui.date')}
                withAsterisk
                value={saleDate}
                onChange={(e) => setSaleDate(e.currentTarget.value)}
                error={err('sale_date')}
              />
            ) : (
              <TextInput
                label={t('sales_ui.date')}
                value={existing?.sale_date ?? today()}
                readOnly
                description={t('sale_docs.date_fixed')}
              />
            )}
            <Select
              label={t('sales_ui.sale_type_label')}
              withAsterisk
              allowDeselect={false}
              data={SALE_TYPES.map((s) => ({ value: s, label: t(`sales_ui.sale_type.${s}`) }))}
              value={saleType}
              onChange={(v) => v && setSaleType(v as SaleType)}
              error={err('sale_type')}
              data-testid="doc-sale-type"
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Stack>
            {props.renderPicker(add, { branchId, currency })}
            {lines.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('sale_docs.no_lines')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('sales_ui.item')}</Table.Th>
                      <Table.Th>{t('sale_docs.unit')}</Table.Th>
                      <Table.Th>{t('sales_ui.quantity')}</Table.Th>
                      <Table.Th>{`${t('sales_ui.unit_price')} (${currency})`}</Table.Th>
                      {setting.inline_discount && <Table.Th>{t('sales_ui.discount')}</Table.Th>}
                      <Table.Th>
                        <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.map((l, i) => (
                      <LineRow
                        key={l.key}
                        line={l}
                        index={i}
                        currency={currency}
                        editPrice={setting.edit_cost}
                        inlineDiscount={setting.inline_discount}
                        errors={errors}
                        onChange={(patch) => change(l.key, patch)}
                        onUnit={(unitId) => changeUnit(l.key, unitId)}
                        onVariant={(variantId) => changeVariant(l.key, variantId)}
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap="sm">
              <div>
                <Text size="sm" fw={500} id="doc-discount-label">
                  {t('sales_ui.order_discount')}
                </Text>
                <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
                  <SegmentedControl
                    aria-labelledby="doc-discount-label"
                    value={discountType}
                    onChange={(v) => setDiscountType(v as 'percent' | 'fixed')}
                    data={[
                      { value: 'percent', label: '%' },
                      { value: 'fixed', label: currency },
                    ]}
                  />
                  <TextInput
                    aria-labelledby="doc-discount-label"
                    inputMode="decimal"
                    placeholder={discountType === 'percent' ? t('sale_docs.percent_hint') : '0'}
                    value={discountValue}
                    onChange={(e) => setDiscountValue(e.currentTarget.value)}
                    error={err('discount.value')}
                    data-testid="doc-discount"
                    style={{ flex: 1 }}
                  />
                </Group>
              </div>
              <TextInput
                label={`${t('sales_ui.shipping')} (${currency})`}
                inputMode="decimal"
                value={shipping}
                onChange={(e) => setShipping(e.currentTarget.value)}
                error={err('shipping')}
                data-testid="doc-shipping"
              />
              <Textarea label={t('sales_ui.note')} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            </Stack>
            <Stack gap={4} data-testid="doc-totals" aria-live="polite">
              <TotalRow label={t('sales_ui.subtotal')} value={totals ? formatMoneyText(totals.subtotal, currency, lang) : '—'} />
              <TotalRow label={t('sales_ui.order_discount')} value={totals ? formatMoneyText(totals.discount, currency, lang) : '—'} />
              {Number(setting.sale_tax) > 0 && (
                <TotalRow
                  label={t(setting.is_exclude_tax ? 'sales_ui.vat' : 'sales_ui.vat_included', { rate: setting.sale_tax })}
                  value={totals ? formatMoneyText(totals.tax, currency, lang) : '—'}
                />
              )}
              <TotalRow label={t('sales_ui.shipping')} value={totals ? formatMoneyText(totals.shipping, currency, lang) : '—'} />
              <TotalRow
                strong
                label={t('sales_ui.grand_total')}
                value={totals ? formatMoneyText(totals.total, currency, lang) : '—'}
                testId="doc-grand-total"
              />
              {totals?.other && (
                <TotalRow
                  label={t('sale_docs.total_in', { currency: totals.other.currency })}
                  value={formatMoneyText(totals.other.amount, totals.other.currency, lang)}
                />
              )}
            </Stack>
          </SimpleGrid>
        </Paper>

        {payable && (
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="sm">
              <Text fw={500}>{t('sales_ui.payments')}</Text>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setPayments((ps) => [
                    ...ps,
                    {
                      key: String(Date.now()),
                      // Cash first: what is handed over at the counter; any other method when the shop has none.
                      payment_method_id:
                        (options.data?.payment_methods.find((m) => m.type === 'cash') ?? options.data?.payment_methods[0])?.id ?? null,
                      currency: 'USD',
                      amount: '',
                      reference: '',
                    },
                  ])
                }
                disabled={payments.length >= 10}
                data-testid="doc-add-payment"
              >
                {t('sales_ui.add_payment')}
              </Button>
            </Group>
            {payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t(document === 'invoice' ? 'sale_docs.unpaid_hint' : 'sales_ui.no_payments')}
              </Text>
            ) : (
              <Stack gap="xs">
                {payments.map((p, i) => (
                  <Group key={p.key} gap="xs" align="flex-start" wrap="wrap" data-testid="doc-payment">
                    <Select
                      label={t('sales_ui.payment_method')}
                      withAsterisk
                      data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
                      value={p.payment_method_id}
                      onChange={(v) => changePayment(p.key, { payment_method_id: v })}
                      error={err(`payments.${i}.payment_method_id`)}
                      w={200}
                    />
                    <Select
                      label={t('sales_ui.currency')}
                      allowDeselect={false}
                      data={TENDER_CURRENCIES.map((c) => ({ value: c, label: t(`sales_ui.currency_${c}`) }))}
                      value={p.currency}
                      onChange={(v) => v && changePayment(p.key, { currency: v as 'USD' | 'KHR' })}
                      w={140}
                    />
                    <TextInput
                      label={t('sales_ui.amount')}
                      withAsterisk
                      inputMode="decimal"
                      value={p.amount}
                      onChange={(e) => changePayment(p.key, { amount: e.currentTarget.value })}
                      error={err(`payments.${i}.amount`)}
                      w={140}
                      data-testid="doc-payment-amount"
                    />
                    <TextInput
                      label={t('sales_ui.reference')}
                      value={p.reference}
                      onChange={(e) => changePayment(p.key, { reference: e.currentTarget.value })}
                      w={160}
                    />
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      onClick={() => setPayments((ps) => ps.filter((x) => x.key !== p.key))}
                      aria-label={t('sale_docs.remove_payment', { n: i + 1 })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            {err('payments') && (
              <Text c="red" size="sm" mt="xs" role="alert">
                {err('payments')}
              </Text>
            )}
          </Paper>
        )}
        <FormActions saving={save.isPending} onCancel={() => void navigate(props.backTo)} mt={0} />
      </Stack>
    </form>
  );
}

function TotalRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }} dir="ltr">
        {value}
      </Text>
    </Group>
  );
}

function LineRow(props: {
  line: Line;
  index: number;
  currency: string;
  editPrice: boolean;
  inlineDiscount: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<Line>) => void;
  onUnit: (unitId: string) => void;
  onVariant: (variantId: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { line, errors, index } = props;
  const lang = currentLanguage();
  const err = (field: string) => errors[`lines.${index}.${field}`];
  return (
    <Table.Tr data-testid="doc-line">
      <Table.Td>
        <Text size="sm" fw={500}>
          {line.name}
        </Text>
        {line.sku && (
          <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
            {line.sku}
          </Text>
        )}
        {line.variants.length > 1 && (
          <Select
            mt={4}
            size="xs"
            aria-label={`${t('sale_docs.variant')} ${line.name}`}
            allowDeselect={false}
            data={line.variants.map((v) => ({ value: v.id, label: `${v.name} · ${formatMoneyText(v.price, props.currency, lang)}` }))}
            value={line.variant_id}
            error={err('variant_id')}
            onChange={(v) => v && props.onVariant(v)}
            data-testid="doc-line-variant"
          />
        )}
        {line.variants.length <= 1 && err('variant_id') && (
          <Text size="xs" c="red" role="alert">
            {err('variant_id')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {line.units.length > 1 ? (
          <Select
            size="xs"
            w={150}
            aria-label={`${t('sale_docs.unit')} ${line.name}`}
            allowDeselect={false}
            data={line.units.map((u) => ({ value: u.id, label: u.name }))}
            value={line.unit_id ?? null}
            error={err('unit_id')}
            onChange={(v) => v && props.onUnit(v)}
            comboboxProps={{ zIndex: 2100 }}
            data-testid="doc-line-unit"
          />
        ) : (
          <Text size="sm">{line.unit_name ?? '—'}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={`${t('sales_ui.quantity')} ${line.name}`}
          value={line.quantity}
          error={err('quantity')}
          onChange={(e) => props.onChange({ quantity: e.currentTarget.value })}
          data-testid="doc-line-quantity"
          w={100}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          inputMode="decimal"
          aria-label={`${t('sales_ui.unit_price')} ${line.name}`}
          value={line.unit_price}
          readOnly={!props.editPrice}
          error={err('unit_price')}
          onChange={(e) => props.onChange({ unit_price: e.currentTarget.value })}
          data-testid="doc-line-price"
          w={120}
        />
      </Table.Td>
      {props.inlineDiscount && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Select
              size="xs"
              w={70}
              allowDeselect={false}
              aria-label={`${t('sale_docs.discount_type')} ${line.name}`}
              data={[
                { value: 'percent', label: '%' },
                { value: 'fixed', label: props.currency },
              ]}
              value={line.discount?.type ?? 'percent'}
              onChange={(v) =>
                props.onChange({ discount: { type: (v ?? 'percent') as 'percent' | 'fixed', value: line.discount?.value ?? '' } })
              }
            />
            <TextInput
              size="xs"
              w={90}
              inputMode="decimal"
              aria-label={`${t('sales_ui.discount')} ${line.name}`}
              value={line.discount?.value ?? ''}
              error={err('discount.value')}
              onChange={(e) => props.onChange({ discount: { type: line.discount?.type ?? 'percent', value: e.currentTarget.value } })}
            />
          </Group>
        </Table.Td>
      )}
      <Table.Td>
        <ActionIcon variant="subtle" color="red" onClick={props.onRemove} aria-label={`${t('common.delete')} ${line.name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
