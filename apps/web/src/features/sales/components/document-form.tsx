import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { saleInputSchema, type SaleDetail, type SaleDocument, type SaleInput, type SaleType } from '@posauto/shared/schemas/sales';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { useDocumentLines } from '../../../components/documents/use-lines';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { uuid } from '../../../lib/uuid';
import { useDocument, useSaveDocument, useScreenOptions, useShopSetting } from '../api/sale-documents';
import { docLineInput, pickedDocLine, savedDocLines, withUnit, withVariant, type DocLine } from '../lib/document-lines';
import { draftTotals } from '../lib/totals';
import { DocumentHead, type DocumentHeadValues } from './document-head';
import { DocumentLines } from './document-lines';
import { DocumentPaymentsInput, type DraftPayment } from './document-payments-input';
import { DocumentSummary, type DocumentFootValues } from './document-summary';
import type { DocumentLinePick } from './product-finder';

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

type Setting = NonNullable<ReturnType<typeof useShopSetting>['data']>['setting'];

const headOf = (existing: SaleDetail | null, defaultSaleType: SaleType | undefined): DocumentHeadValues => ({
  customerId: existing?.customer_id ?? null,
  customerLabel: existing?.customer_name ?? '',
  branchId: existing?.branch_id ?? null,
  saleDate: existing?.sale_date ?? today(),
  saleType: existing?.sale_type ?? defaultSaleType ?? 'general',
});

/** A saved invoice keeps its order discount as the amount it came to (the sale stores the amount, not the rate). */
function footOf(existing: SaleDetail | null): DocumentFootValues {
  const savedDiscount = existing && /[1-9]/.test(existing.discount_amount) ? existing.discount_amount : '';
  return {
    discountType: savedDiscount ? 'fixed' : 'percent',
    discountValue: savedDiscount,
    shipping: existing?.shipping ?? '0',
    note: existing?.note ?? '',
  };
}

function FormBody(props: DocumentFormProps & { existing: SaleDetail | null; setting: Setting }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { existing, setting, document } = props;
  const options = useScreenOptions();
  const save = useSaveDocument();
  const [head, setHead] = useState(() => headOf(existing, props.defaultSaleType));
  const [foot, setFoot] = useState(() => footOf(existing));
  const { lines, setLines, add, change, remove } = useDocumentLines<DocLine>(() => savedDocLines(existing));
  const [payments, setPayments] = useState<DraftPayment[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => uuid());

  const branches = options.data?.branches ?? [];
  useEffect(() => {
    if (branches.length === 1 && !head.branchId) setHead((h) => ({ ...h, branchId: branches[0]!.id }));
  }, [branches.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const currency = setting.currency;
  const orderDiscount = foot.discountValue.trim() ? { type: foot.discountType, value: foot.discountValue } : null;
  const totals = draftTotals(setting, lines, orderDiscount, foot.shipping);
  const payable = document !== 'quotation' && !existing;
  const relined = (key: string, next: (l: DocLine) => DocLine) => setLines((ls) => ls.map((l) => (l.key === key ? next(l) : l)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const input: SaleInput = {
      document,
      sale_type: head.saleType,
      branch_id: head.branchId,
      customer_id: head.customerId,
      sale_date: setting.edit_date ? head.saleDate : null,
      lines: lines.map((l) => docLineInput(l, setting)),
      discount: orderDiscount ? { type: orderDiscount.type, value: orderDiscount.value.trim() } : null,
      shipping: foot.shipping.trim() || '0',
      payments: payable
        ? payments.map((p) => ({
            payment_method_id: p.payment_method_id ?? '',
            currency: p.currency,
            amount: p.amount.trim(),
            reference: p.reference,
          }))
        : [],
      note: foot.note,
    };
    const parsed = saleInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!head.branchId) found.branch_id = t('sale_docs.branch_required');
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

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="document-form">
      <PageHeader title={existing ? `${t('pages.edit-invoice')} ${existing.invoice_number}` : undefined} />
      <Stack>
        {serverError && (
          <Alert color="red" role="alert" data-testid="server-error">
            {serverError}
          </Alert>
        )}
        <DocumentHead
          values={head}
          onChange={(patch) => setHead((h) => ({ ...h, ...patch }))}
          branches={branches}
          editDate={setting.edit_date}
          fixedDate={existing?.sale_date ?? today()}
          errors={errors}
        />
        <DocumentLines
          picker={props.renderPicker(({ product, variant }) => add(pickedDocLine(product, variant, currency, `${product.id}-${uuid()}`)), {
            branchId: head.branchId,
            currency,
          })}
          lines={lines}
          currency={currency}
          editPrice={setting.edit_cost}
          inlineDiscount={setting.inline_discount}
          errors={errors}
          onChange={change}
          onUnit={(key, unitId) => relined(key, (l) => withUnit(l, unitId, currency))}
          onVariant={(key, variantId) => relined(key, (l) => withVariant(l, variantId, currency))}
          onRemove={remove}
        />
        <DocumentSummary
          values={foot}
          onChange={(patch) => setFoot((f) => ({ ...f, ...patch }))}
          currency={currency}
          vat={{ rate: setting.sale_tax, exclusive: setting.is_exclude_tax }}
          totals={totals}
          errors={errors}
        />
        {payable && (
          <DocumentPaymentsInput
            payments={payments}
            onChange={setPayments}
            methods={options.data?.payment_methods ?? []}
            invoice={document === 'invoice'}
            errors={errors}
          />
        )}
        <FormActions saving={save.isPending} onCancel={() => void navigate(props.backTo)} mt={0} />
      </Stack>
    </form>
  );
}
