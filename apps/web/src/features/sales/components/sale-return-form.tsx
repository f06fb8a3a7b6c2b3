import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { saleReturnInputSchema, type SaleDetail, type SaleReturnDetail, type SaleReturnInput } from '@posauto/shared/schemas/sales';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { ItemText } from '../../../components/documents/document-facts';
import { DocumentPicker, useDocumentSearch } from '../../../components/documents/document-picker';
import { splitIssues } from '../../../components/documents/lines';
import { LineInput } from '../../../components/documents/lines-table';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateSaleReturn, useCurrentCashSession, useReturnableSales, useSale, useSaleReturnPreview } from '../api/sales';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';
import { RefundOptions, RefundPreview, type RefundHead } from './sale-refund';

/** The lines typed so far, as the API takes them (blank and zero quantities left out). */
const typedLines = (s: SaleDetail, quantities: Record<string, string>) =>
  s.lines
    .map((l) => ({ sale_line_id: l.id, quantity: (quantities[l.id] ?? '').trim() }))
    .filter((l) => l.quantity !== '' && isNonZero(l.quantity));

export interface SaleReturnFormProps {
  /** Prints the return's receipt once it is saved (the receipts feature, handed in by the screen). */
  printReturn?: (ret: SaleReturnDetail) => Promise<void>;
}

/** What the return gives back as the server reckons it, asked a moment after typing stops (only a well-formed return). */
function useReturnPreview(s: SaleDetail | undefined, head: RefundHead, quantities: Record<string, string>) {
  const draft: SaleReturnInput | null = (() => {
    if (!s) return null;
    const parsed = saleReturnInputSchema.safeParse({ sale_id: s.id, ...head, note: '', lines: typedLines(s, quantities) });
    return parsed.success ? parsed.data : null;
  })();
  const [asked] = useDebouncedValue(draft, 300);
  const preview = useSaleReturnPreview(draft && asked && JSON.stringify(asked) === JSON.stringify(draft) ? asked : null);
  return { shown: draft ? preview.data : undefined, problem: draft && preview.error instanceof ApiError ? preview.error : null };
}

/**
 * A return against a sale (/sales-listing/create-sale-return): pick the sale by its invoice number, say how much of
 * each line comes back (never more than sold minus already returned), and refund in cash from the open session at the
 * sale's branch, in dollars or riel, or to the customer's balance. What comes back is shown as the quantities change
 * (the server reckons it as it will save it), and the return receipt prints once it is saved.
 */
export function SaleReturnForm({ printReturn }: SaleReturnFormProps = {}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const user = useUserData();
  const [params, setParams] = useSearchParams();
  const saleId = params.get('sale_id');
  const search = useDocumentSearch();
  const found = useReturnableSales(search.debounced);
  const sale = useSale(saleId);
  const session = useCurrentCashSession(hasPermission(user, 'sale-pos'));
  const create = useCreateSaleReturn();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [head, setHead] = useState<RefundHead>({ refund_method: 'cash', refund_currency: 'USD', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const s: SaleDetail | undefined = saleId ? sale.data : undefined;
  const { shown, problem } = useReturnPreview(s, head, quantities);
  // The branch and the day beside the number: a shop's older numbers may repeat across branches (before one series).
  const label = (x: { invoice_number: string; branch_name: string; sold_at: string; customer_name: string }) =>
    `${x.invoice_number} · ${x.branch_name} · ${formatDateTime(x.sold_at, lang)} · ${x.customer_name}`;
  const choices = (found.data?.data ?? []).map((x) => ({ value: x.id, label: label(x) }));
  if (s && !choices.some((c) => c.value === s.id)) choices.unshift({ value: s.id, label: label(s) });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!s) {
      setErrors({ sale_id: t('sales_ui.pick_sale_hint') });
      return;
    }
    const lines = typedLines(s, quantities);
    const parsed = saleReturnInputSchema.safeParse({ sale_id: s.id, ...head, lines });
    if (!parsed.success) {
      const issues = splitIssues(parsed.error.issues, t, (index) => `line.${lines[index]!.sale_line_id}`);
      if (issues.fields.lines) issues.fields.lines = t('sales_ui.no_lines');
      setErrors({ ...issues.fields, ...issues.lines });
      return;
    }
    setErrors({});
    let saved: SaleReturnDetail;
    try {
      saved = (await create.mutateAsync(parsed.data)).data;
      notifySuccess('messages.created');
    } catch (err) {
      notifyError(err);
      return;
    }
    // The customer leaves with the return receipt; a printer that fails does not undo the saved return.
    try {
      await printReturn?.(saved);
    } catch (err) {
      notifyError(err);
    }
    void navigate('/sale-return-listing');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="sale-return-form">
      <PageHeader />
      <Stack>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DocumentPicker
              label={t('sales_ui.pick_sale')}
              description={t('sales_ui.pick_sale_hint')}
              search={search}
              choices={choices}
              value={saleId}
              error={errors.sale_id}
              nothingFound={t('common.no_match')}
              onChange={(v) => {
                setQuantities({});
                setParams(v ? { sale_id: v } : {}, { replace: true });
              }}
              testId="return-sale"
            />
            {s && <SaleSummary sale={s} />}
          </SimpleGrid>
        </Paper>
        {s && (
          <ReturnedLines
            sale={s}
            quantities={quantities}
            amounts={new Map((shown?.lines ?? []).map((l) => [l.sale_line_id, l.amount]))}
            errors={errors}
            onQuantity={(id, v) => setQuantities((q) => ({ ...q, [id]: v }))}
          />
        )}
        {s && <RefundPreview sale={s} preview={shown} problem={problem} refundMethod={head.refund_method} />}
        {s && (
          <Paper withBorder p="md" radius="md">
            <RefundOptions
              sale={s}
              head={head}
              onChange={(patch) => setHead((h) => ({ ...h, ...patch }))}
              session={shown?.refund_session ?? (session.isSuccess ? (session.data?.data ?? null) : undefined)}
              problem={shown?.refund_problem ?? null}
              errors={errors}
            />
            {printReturn && (
              <Text size="xs" c="dimmed" mt="sm">
                {t('sales_ui.printed_after_save')}
              </Text>
            )}
            <FormActions saving={create.isPending} onCancel={() => void navigate(-1)} />
          </Paper>
        )}
      </Stack>
    </form>
  );
}

/** The sale picked: when, to whom, for how much, where and by whom. */
function SaleSummary({ sale: s }: { sale: SaleDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t('sales_ui.sale')}
      </Text>
      <Text size="sm">
        {formatDateTime(s.sold_at, lang)} · {s.customer_name} · {saleMoney(s.grand_total, s.currency, lang)}
      </Text>
      <Text size="sm" c="dimmed">
        {s.branch_name}
        {s.cashier_name ? ` · ${s.cashier_name}` : ''}
      </Text>
    </div>
  );
}

/** The sale's lines, each with what may still come back, the quantity coming back now and what it is worth. */
function ReturnedLines(props: {
  sale: SaleDetail;
  quantities: Record<string, string>;
  /** Each line's value as the preview reckons it. */
  amounts: Map<string, string>;
  errors: Record<string, string>;
  onQuantity: (lineId: string, quantity: string) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { sale: s, quantities, amounts, errors } = props;
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Paper withBorder p="md" radius="md">
      {s.status !== 'completed' || s.lines.every((l) => !isNonZero(l.returnable_quantity)) ? (
        <Text size="sm" c="dimmed" data-testid="nothing-returnable">
          {t('sales_ui.nothing_returnable')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="xs" data-testid="return-lines-form">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales_ui.item')}</Table.Th>
                <Table.Th>{t('sales_ui.sold')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.unit_price')}</Table.Th>
                <Table.Th>{t('sales_ui.returnable')}</Table.Th>
                <Table.Th>{t('sales_ui.return_quantity')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('sales_ui.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <ItemText name={l.product_name} sku={l.sku_code} />
                  </Table.Td>
                  <Table.Td>
                    {plainQuantity(l.quantity)} {l.unit_name ?? ''}
                  </Table.Td>
                  <Table.Td style={end}>{saleMoney(l.unit_price, s.currency, lang)}</Table.Td>
                  <Table.Td>
                    {plainQuantity(l.returnable_quantity)} {l.unit_name ?? ''}
                  </Table.Td>
                  <Table.Td>
                    <LineInput
                      label={t('sales_ui.return_quantity')}
                      name={l.product_name}
                      placeholder="0"
                      disabled={!isNonZero(l.returnable_quantity)}
                      value={quantities[l.id] ?? ''}
                      error={errors[`line.${l.id}`]}
                      onChange={(e) => props.onQuantity(l.id, e.currentTarget.value)}
                      w={110}
                      data-testid="return-quantity"
                    />
                  </Table.Td>
                  <Table.Td style={end} data-testid="return-line-amount">
                    {amounts.has(l.id) ? saleMoney(amounts.get(l.id)!, s.currency, lang) : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {errors.lines && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {errors.lines}
        </Text>
      )}
    </Paper>
  );
}
