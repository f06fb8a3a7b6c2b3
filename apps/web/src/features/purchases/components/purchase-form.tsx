import { useEffect, useState, type ReactNode } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { PURCHASE_INPUT_STATUSES, purchaseInputSchema, type PurchaseDetail, type PurchaseInput } from '@posauto/shared/schemas/purchases';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { splitIssues } from '../../../components/documents/lines';
import { useDocumentLines } from '../../../components/documents/use-lines';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePurchase, usePurchaseOptions, useSavePurchase } from '../api/purchases';
import { PurchaseAmounts } from './purchase-amounts';
import { purchaseDraftTotals, purchaseLineOf, purchaseLinesInput, purchaseLinesOf } from './purchase-draft';
import { PurchaseHead, useAttachment, type PurchaseFormValues } from './purchase-head';
import { PurchaseLinesTable } from './purchase-lines';

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

const initialValues = (existing: PurchaseDetail | null): PurchaseFormValues => ({
  supplier_id: existing?.supplier_id ?? '',
  branch_id: existing?.branch_id ?? '',
  purchase_date: existing?.purchase_date ?? today(),
  status: (existing?.status === 'void' ? 'received' : existing?.status) ?? 'received',
  shipping_cost: existing?.shipping_cost ?? '0',
  note: existing?.note ?? '',
  payment_method_id: '',
  payment_amount: '',
  paid_on: today(),
});

/** A refused payment's fields are the form's own (`payment_amount` beside the purchase's fields). */
const fieldOf = (path: ReadonlyArray<PropertyKey>) =>
  path[0] === 'payment' ? (path[1] === 'amount' ? 'payment_amount' : String(path[1])) : String(path[0]);

function PurchaseFormBody({ existing, renderPicker }: PurchaseFormProps & { existing: PurchaseDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = usePurchaseOptions();
  const save = useSavePurchase();
  const { lines, add, change, remove } = useDocumentLines(() => purchaseLinesOf(existing));
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [payNow, setPayNow] = useState(false);
  const noMethod = options.isSuccess && (options.data?.payment_methods ?? []).length === 0;
  const file = useAttachment(existing);
  const form = useForm<PurchaseFormValues>({ mode: 'controlled', initialValues: initialValues(existing) });
  const branches = options.data?.branches ?? [];
  useEffect(() => {
    if (branches.length === 1 && !form.getValues().branch_id) form.setFieldValue('branch_id', branches[0]!.id);
  }, [branches.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const currency = options.data?.currency ?? existing?.currency ?? 'USD';
  const totals = purchaseDraftTotals(lines, form.values.shipping_cost, currency);

  const submit = form.onSubmit(async (values) => {
    const input: PurchaseInput = {
      supplier_id: values.supplier_id,
      branch_id: values.branch_id,
      purchase_date: values.purchase_date,
      status: values.status as PurchaseInput['status'],
      shipping_cost: values.shipping_cost.trim() || '0',
      note: values.note,
      attachment: file.attachment?.key ?? null,
      lines: purchaseLinesInput(lines),
      payment: payNow
        ? { payment_method_id: values.payment_method_id, amount: values.payment_amount.trim(), paid_on: values.paid_on }
        : null,
    };
    const parsed = purchaseInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = splitIssues(parsed.error.issues, t, (index, field) => `${lines[index]!.key}.${String(field)}`, fieldOf);
      form.setErrors(found.fields);
      setLineErrors(found.lines);
      if (found.fields.lines) notifyError(new Error(found.fields.lines));
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
        <PurchaseHead form={form} options={options.data} statuses={statuses} file={file} />
        <PurchaseLinesTable
          picker={renderPicker((p) => add(purchaseLineOf(p)))}
          lines={lines}
          units={options.data?.units ?? []}
          errors={lineErrors}
          onChange={change}
          onRemove={remove}
        />
        <PurchaseAmounts
          form={form}
          options={options.data}
          currency={currency}
          totals={totals}
          canPayNow={!existing}
          noMethod={noMethod}
          payNow={payNow}
          onPayNow={setPayNow}
        />
        <FormActions saving={save.isPending} onCancel={() => void navigate('/purchase-listing')} mt={0} />
      </Stack>
    </form>
  );
}
