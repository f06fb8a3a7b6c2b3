import { useState } from 'react';
import { Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { purchaseReturnInputSchema, type PurchaseDetail } from '@posauto/shared/schemas/purchases';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ItemText } from '../../../components/documents/document-facts';
import { DocumentPicker, useDocumentSearch } from '../../../components/documents/document-picker';
import { splitIssues } from '../../../components/documents/lines';
import { LineInput } from '../../../components/documents/lines-table';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreatePurchaseReturn, usePurchase, usePurchaseOptions, useReceivedPurchases } from '../api/purchases';

const today = () => new Date().toISOString().slice(0, 10);

interface ReturnHead {
  returned_on: string;
  refund_amount: string;
  refund_method_id: string;
  note: string;
}

/** A return to the supplier: pick a received purchase, then how much of each line goes back (up to what is left). */
export function PurchaseReturnForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const purchaseId = params.get('purchase_id');
  const search = useDocumentSearch();
  const found = useReceivedPurchases(search.debounced);
  const purchase = usePurchase(purchaseId ?? undefined);
  const create = useCreatePurchaseReturn();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [head, setHead] = useState<ReturnHead>({ returned_on: today(), refund_amount: '0', refund_method_id: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const p: PurchaseDetail | undefined = purchaseId ? purchase.data : undefined;
  const choices = (found.data?.data ?? []).map((x) => ({ value: x.id, label: `${x.purchase_number} · ${x.supplier_name}` }));
  if (p && !choices.some((c) => c.value === p.id)) choices.unshift({ value: p.id, label: `${p.purchase_number} · ${p.supplier_name}` });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!p) {
      setErrors({ purchase_id: t('purchase_return.pick_hint') });
      return;
    }
    const lines = p.lines
      .map((l) => ({ purchase_line_id: l.id, quantity: (quantities[l.id] ?? '').trim() }))
      .filter((l) => l.quantity !== '' && l.quantity !== '0');
    const parsed = purchaseReturnInputSchema.safeParse({
      purchase_id: p.id,
      returned_on: head.returned_on,
      refund_amount: head.refund_amount.trim() || '0',
      refund_method_id: head.refund_method_id || null,
      note: head.note,
      lines,
    });
    if (!parsed.success) {
      const issues = splitIssues(parsed.error.issues, t, (index) => `line.${lines[index]!.purchase_line_id}`);
      if (issues.fields.lines) notifyError(new Error(t('purchase_return.no_lines')));
      setErrors({ ...issues.fields, ...issues.lines });
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      notifySuccess('messages.created');
      void navigate('/purchase-return');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="return-form">
      <PageHeader />
      <Stack>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DocumentPicker
              label={t('purchase_return.pick_purchase')}
              description={t('purchase_return.pick_hint')}
              search={search}
              choices={choices}
              value={purchaseId}
              error={errors.purchase_id}
              onChange={(v) => {
                setQuantities({});
                setParams(v ? { purchase_id: v } : {}, { replace: true });
              }}
              testId="return-purchase"
            />
            <TextInput
              type="date"
              label={t('purchase_return.date')}
              withAsterisk
              value={head.returned_on}
              error={errors.returned_on}
              onChange={(e) => {
                const returned_on = e.currentTarget.value;
                setHead((h) => ({ ...h, returned_on }));
              }}
            />
          </SimpleGrid>
        </Paper>
        {p && (
          <ReturnedLines
            purchase={p}
            quantities={quantities}
            errors={errors}
            onQuantity={(id, v) => setQuantities((q) => ({ ...q, [id]: v }))}
          />
        )}
        <Refund currency={p?.currency} head={head} errors={errors} onChange={(patch) => setHead((h) => ({ ...h, ...patch }))} />
        <FormActions saving={create.isPending} onCancel={() => void navigate('/purchase-return')} mt={0} />
      </Stack>
    </form>
  );
}

/** The purchase's lines, each with what is left to return and the quantity going back now. */
function ReturnedLines(props: {
  purchase: PurchaseDetail;
  quantities: Record<string, string>;
  errors: Record<string, string>;
  onQuantity: (lineId: string, quantity: string) => void;
}) {
  const { t } = useTranslation();
  const { purchase: p, quantities, errors } = props;
  return (
    <Paper withBorder p="md" radius="md">
      {p.lines.every((l) => l.returnable_quantity === '0') ? (
        <Text size="sm" c="dimmed">
          {t('purchase_return.nothing_returnable')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('purchase.item')}</Table.Th>
                <Table.Th>{t('purchase.quantity')}</Table.Th>
                <Table.Th>{t('purchase.returnable')}</Table.Th>
                <Table.Th>{t('purchase_return.return_quantity')}</Table.Th>
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
                  <Table.Td>
                    {l.returnable_quantity} {l.unit_name ?? ''}
                  </Table.Td>
                  <Table.Td>
                    <LineInput
                      label={t('purchase_return.return_quantity')}
                      name={l.product_name}
                      placeholder="0"
                      disabled={l.returnable_quantity === '0'}
                      value={quantities[l.id] ?? ''}
                      error={errors[`line.${l.id}`]}
                      onChange={(e) => props.onQuantity(l.id, e.currentTarget.value)}
                      w={120}
                      data-testid="return-quantity"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** What the supplier pays back, how, and a note. */
function Refund(props: {
  currency: string | undefined;
  head: ReturnHead;
  errors: Record<string, string>;
  onChange: (patch: Partial<ReturnHead>) => void;
}) {
  const { t } = useTranslation();
  const options = usePurchaseOptions();
  const { head, errors, onChange } = props;
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={`${t('purchase_return.refund_amount')}${props.currency ? ` (${props.currency})` : ''}`}
          inputMode="decimal"
          value={head.refund_amount}
          error={errors.refund_amount}
          onChange={(e) => onChange({ refund_amount: e.currentTarget.value })}
        />
        <Select
          label={t('purchase_return.refund_method')}
          clearable
          data={(options.data?.payment_methods ?? []).map((m) => ({ value: m.id, label: m.name }))}
          value={head.refund_method_id || null}
          error={errors.refund_method_id}
          onChange={(v) => onChange({ refund_method_id: v ?? '' })}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('purchase.note')}
        autosize
        minRows={2}
        value={head.note}
        onChange={(e) => onChange({ note: e.currentTarget.value })}
      />
    </Paper>
  );
}
