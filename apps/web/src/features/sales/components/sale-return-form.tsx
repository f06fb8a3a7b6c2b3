import { useState } from 'react';
import { Alert, Paper, Radio, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  saleReturnInputSchema,
  TENDER_CURRENCIES,
  type SaleDetail,
  type SaleReturnDetail,
  type SaleReturnInput,
  type SaleReturnPreview,
} from '@posauto/shared/schemas/sales';
import { FormActions } from '../../../components/crud/form-actions';
import { PageHeader } from '../../../components/page-header';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateSaleReturn, useCurrentCashSession, useReturnableSales, useSale, useSaleReturnPreview } from '../api/sales';
import { isNonZero, plainQuantity, saleMoney } from '../lib/sale-money';

/** The lines typed so far, as the API takes them (blank and zero quantities left out). */
const typedLines = (s: SaleDetail, quantities: Record<string, string>) =>
  s.lines
    .map((l) => ({ sale_line_id: l.id, quantity: (quantities[l.id] ?? '').trim() }))
    .filter((l) => l.quantity !== '' && isNonZero(l.quantity));

export interface SaleReturnFormProps {
  /** Prints the return's receipt once it is saved (the receipts feature, handed in by the screen). */
  printReturn?: (ret: SaleReturnDetail) => Promise<void>;
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useReturnableSales(debounced);
  const sale = useSale(saleId);
  const session = useCurrentCashSession(hasPermission(user, 'sale-pos'));
  const create = useCreateSaleReturn();
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [head, setHead] = useState({ refund_method: 'cash', refund_currency: 'USD', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const s: SaleDetail | undefined = saleId ? sale.data : undefined;
  // The preview follows the form a moment after typing stops; only a well-formed return is asked about.
  const draft: SaleReturnInput | null = (() => {
    if (!s) return null;
    const parsed = saleReturnInputSchema.safeParse({ sale_id: s.id, ...head, note: '', lines: typedLines(s, quantities) });
    return parsed.success ? parsed.data : null;
  })();
  const [asked] = useDebouncedValue(draft, 300);
  const preview = useSaleReturnPreview(draft && asked && JSON.stringify(asked) === JSON.stringify(draft) ? asked : null);
  const shown: SaleReturnPreview | undefined = draft ? preview.data : undefined;
  const previewProblem = draft && preview.error instanceof ApiError ? preview.error : null;
  const lineAmount = new Map((shown?.lines ?? []).map((l) => [l.sale_line_id, l.amount]));
  // The branch and the day beside the number: a shop's older numbers may repeat across branches (before one series).
  const label = (x: { invoice_number: string; branch_name: string; sold_at: string; customer_name: string }) =>
    `${x.invoice_number} · ${x.branch_name} · ${formatDateTime(x.sold_at, lang)} · ${x.customer_name}`;
  const choices = (found.data?.data ?? []).map((x) => ({ value: x.id, label: label(x) }));
  if (s && !choices.some((c) => c.value === s.id)) choices.unshift({ value: s.id, label: label(s) });
  const openSession = session.data?.data ?? null;
  const sessionKnown = session.isSuccess;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!s) {
      setErrors({ sale_id: t('sales_ui.pick_sale_hint') });
      return;
    }
    const lines = typedLines(s, quantities);
    const parsed = saleReturnInputSchema.safeParse({
      sale_id: s.id,
      refund_method: head.refund_method,
      refund_currency: head.refund_currency,
      note: head.note,
      lines,
    });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [first, index] = issue.path;
        const key = first === 'lines' && typeof index === 'number' ? `line.${lines[index]!.sale_line_id}` : String(first);
        out[key] ??= t(issue.message);
      }
      if (out.lines) out.lines = t('sales_ui.no_lines');
      setErrors(out);
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
            <Select
              label={t('sales_ui.pick_sale')}
              description={t('sales_ui.pick_sale_hint')}
              withAsterisk
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
              data={choices}
              value={saleId}
              error={errors.sale_id}
              nothingFoundMessage={t('common.no_match')}
              onChange={(v) => {
                setQuantities({});
                setParams(v ? { sale_id: v } : {}, { replace: true });
              }}
              data-testid="return-sale"
            />
            {s && (
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
            )}
          </SimpleGrid>
        </Paper>
        {s && (
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
                          <Text size="sm">{l.product_name}</Text>
                          {l.sku_code && (
                            <Text size="xs" c="dimmed">
                              {l.sku_code}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {plainQuantity(l.quantity)} {l.unit_name ?? ''}
                        </Table.Td>
                        <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>{saleMoney(l.unit_price, s.currency, lang)}</Table.Td>
                        <Table.Td>
                          {plainQuantity(l.returnable_quantity)} {l.unit_name ?? ''}
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            inputMode="decimal"
                            aria-label={`${t('sales_ui.return_quantity')} ${l.product_name}`}
                            placeholder="0"
                            disabled={!isNonZero(l.returnable_quantity)}
                            value={quantities[l.id] ?? ''}
                            error={errors[`line.${l.id}`]}
                            onChange={(e) => {
                              const v = e.currentTarget.value;
                              setQuantities((q) => ({ ...q, [l.id]: v }));
                            }}
                            w={110}
                            data-testid="return-quantity"
                          />
                        </Table.Td>
                        <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }} data-testid="return-line-amount">
                          {lineAmount.has(l.id) ? saleMoney(lineAmount.get(l.id)!, s.currency, lang) : '—'}
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
        )}
        {s && <RefundPreview sale={s} preview={shown} problem={previewProblem} refundMethod={head.refund_method} />}
        {s && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Radio.Group
                label={t('sales_ui.refund_method_label')}
                value={head.refund_method}
                onChange={(v) => setHead((h) => ({ ...h, refund_method: v }))}
                error={errors.refund_method}
              >
                <Group mt={6}>
                  <Radio value="cash" label={t('sales_ui.refund_method.cash')} data-testid="refund-cash" />
                  <Radio value="balance" label={t('sales_ui.refund_method.balance')} data-testid="refund-balance" />
                </Group>
              </Radio.Group>
              {head.refund_method === 'cash' && (
                <>
                  <Radio.Group
                    label={t('sales_ui.refund_currency')}
                    value={head.refund_currency}
                    onChange={(v) => setHead((h) => ({ ...h, refund_currency: v }))}
                  >
                    <Group mt={6}>
                      {TENDER_CURRENCIES.map((c) => (
                        <Radio key={c} value={c} label={t(`sales_ui.currency_${c}`)} />
                      ))}
                    </Group>
                  </Radio.Group>
                  <RefundDrawer
                    sale={s}
                    session={shown?.refund_session ?? (sessionKnown ? openSession : undefined)}
                    problem={shown?.refund_problem ?? null}
                  />
                </>
              )}
              <Textarea
                label={t('sales_ui.note')}
                value={head.note}
                error={errors.note}
                autosize
                minRows={2}
                onChange={(e) => {
                  const note = e.currentTarget.value;
                  setHead((h) => ({ ...h, note }));
                }}
              />
            </Stack>
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

/**
 * The drawer a cash refund comes out of: the caller's open session, which must be at the sale's branch. Said before
 * saving, and what stops the save said as clearly (no session there, a session elsewhere, a drawer that is short).
 */
function RefundDrawer({
  sale,
  session,
  problem,
}: {
  sale: SaleDetail;
  /** undefined: not known yet; null: none open. */
  session: { session_number: string; branch_id: string; branch_name: string } | null | undefined;
  problem: string | null;
}) {
  const { t } = useTranslation();
  if (session === undefined) return null;
  if (!session)
    return (
      <Alert color="orange" data-testid="no-open-session">
        {t('sales_ui.no_session_at', { branch: sale.branch_name })}
      </Alert>
    );
  if (session.branch_id !== sale.branch_id)
    return (
      <Alert color="orange" data-testid="refund-other-branch">
        {t('sales_ui.refund_other_branch', { number: session.session_number, branch: session.branch_name, sale_branch: sale.branch_name })}
      </Alert>
    );
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="refund-session">
        {t('sales_ui.refund_from_session', { number: session.session_number, branch: session.branch_name })}
      </Text>
      {problem && (
        <Alert color="orange" data-testid="refund-problem">
          {problem}
        </Alert>
      )}
    </>
  );
}

/** What the return gives back, as the server reckons it before saving: its value, what settles a debt, the refund. */
function RefundPreview({
  sale,
  preview,
  problem,
  refundMethod,
}: {
  sale: SaleDetail;
  preview: SaleReturnPreview | undefined;
  problem: ApiError | null;
  refundMethod: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap" key={testId}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid="return-preview" aria-live="polite">
      <Text fw={600} mb="xs">
        {t('sales_ui.preview_title')}
      </Text>
      {problem ? (
        <Alert color="red" data-testid="return-preview-error">
          {problem.message}
        </Alert>
      ) : !preview ? (
        <Text size="sm" c="dimmed">
          {t('sales_ui.preview_hint')}
        </Text>
      ) : (
        <Stack gap={4}>
          {row(t('sales_ui.preview_total'), saleMoney(preview.total, preview.currency, lang), 'preview-total')}
          {isNonZero(preview.settled_amount) &&
            row(t('sales_ui.preview_settled'), `−${saleMoney(preview.settled_amount, sale.currency, lang)}`, 'preview-settled')}
          {row(
            t(refundMethod === 'cash' ? 'sales_ui.preview_refund_cash' : 'sales_ui.preview_refund_balance'),
            saleMoney(preview.refund_amount, preview.refund_currency, lang),
            'preview-refund',
            true,
          )}
        </Stack>
      )}
    </Paper>
  );
}
