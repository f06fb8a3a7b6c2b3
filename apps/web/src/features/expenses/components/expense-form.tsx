import { useState } from 'react';
import { Anchor, Button, FileButton, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  EXPENSE_ATTACHMENT_TYPES,
  EXPENSE_CURRENCIES,
  expenseInputSchema,
  type Expense,
  type ExpenseAttachment,
  type ExpenseCurrency,
  type ExpenseInput,
  type ExpenseOptions,
} from '@posauto/shared/schemas/expenses';
import type { EntityFormProps } from '../../../components/crud/crud-list-page';
import { FormActions } from '../../../components/crud/form-actions';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { notifyError } from '../../../lib/notify';
import { downloadExpenseAttachment, uploadExpenseAttachment } from '../api/expenses';

type Values = {
  category_id: string | null;
  branch_id: string | null;
  expense_date: string;
  currency: ExpenseCurrency;
  expend_cost: string;
  payment_method_id: string | null;
  note: string;
};

const toInput = (v: Values): ExpenseInput => ({
  category_id: v.category_id ?? '',
  branch_id: v.branch_id || null,
  expense_date: v.expense_date || undefined,
  currency: v.currency,
  expend_cost: v.expend_cost.trim(),
  payment_method_id: v.payment_method_id || null,
  note: v.note.trim(),
});
/** The server's rules, and a branch chosen (the server picks a branch user's own; the form preselects it). */
const formSchema = z.preprocess(
  (v) => toInput(v as Values),
  expenseInputSchema.refine((i) => Boolean(i.branch_id), { path: ['branch_id'], message: 'validation.branch_required' }),
);
const ON_TOP = { zIndex: 2100 };

/**
 * An expense: category, branch (shop users choose; a branch user's is its own), day, what was paid in dollars or
 * riel, how, a note and the receipt. The server converts it into the shop currency at today's rate, once.
 */
export function ExpenseForm({ item, submit, onCancel, options }: EntityFormProps<Expense, ExpenseInput> & { options: ExpenseOptions }) {
  const { t } = useTranslation();
  const initial: Values = {
    category_id: item?.category_id ?? null,
    branch_id: item?.branch_id ?? (options.branches.length === 1 ? options.branches[0]!.id : null),
    expense_date: item?.expense_date ?? options.today,
    currency: item?.currency ?? 'USD',
    expend_cost: item?.expend_cost ?? '',
    payment_method_id: item?.payment_method_id ?? null,
    note: item?.note ?? '',
  };
  const [attachment, setAttachment] = useState<Attached | null>(
    item?.attachment && item.attachment_type ? { key: item.attachment, type: item.attachment_type } : null,
  );
  const { form, onSubmit, saving } = useEntityForm(formSchema, initial, (v) =>
    submit({
      ...toInput(v),
      // Unchanged: say nothing, the expense keeps its receipt.
      ...((attachment?.key ?? null) === (item?.attachment ?? null) ? {} : { attachment: attachment?.key ?? null }),
    }),
  );
  // The options list only active rows: an expense kept on a row since switched off still shows its name.
  const withCurrent = (list: ExpenseOptions['categories'], id: string | null | undefined, name: string | null | undefined) =>
    id && name && !list.some((o) => o.id === id) ? [...list, { id, name }] : list;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="expense-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('expenses.category')}
            withAsterisk
            searchable
            data-autofocus
            comboboxProps={ON_TOP}
            data={withCurrent(options.categories, item?.category_id, item?.category_name).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="expense-category"
            key={form.key('category_id')}
            {...form.getInputProps('category_id')}
          />
          <Select
            label={t('expenses.branch')}
            withAsterisk
            allowDeselect={false}
            disabled={options.branches.length === 1}
            comboboxProps={ON_TOP}
            data={withCurrent(options.branches, item?.branch_id, item?.branch_name).map((b) => ({ value: b.id, label: b.name }))}
            data-testid="expense-branch"
            key={form.key('branch_id')}
            {...form.getInputProps('branch_id')}
          />
          <TextInput
            type="date"
            label={t('expenses.expense_date')}
            withAsterisk
            data-testid="expense-date"
            key={form.key('expense_date')}
            {...form.getInputProps('expense_date')}
          />
          <Select
            label={t('expenses.payment_method')}
            placeholder={t('expenses.no_payment_method')}
            clearable
            comboboxProps={ON_TOP}
            data={withCurrent(options.payment_methods, item?.payment_method_id, item?.payment_method_name).map((m) => ({
              value: m.id,
              label: m.name,
            }))}
            data-testid="expense-payment-method"
            key={form.key('payment_method_id')}
            {...form.getInputProps('payment_method_id')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('expenses.expend_cost')}
              withAsterisk
              inputMode="decimal"
              dir="ltr"
              data-testid="expense-cost"
              key={form.key('expend_cost')}
              {...form.getInputProps('expend_cost')}
            />
            <SegmentedControl
              aria-label={t('expenses.currency')}
              data={EXPENSE_CURRENCIES.map((c) => ({ value: c, label: c === 'USD' ? 'USD $' : 'KHR ៛' }))}
              data-testid="expense-currency"
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {item
              ? t('expenses.frozen_rate', { rate: item.exchange_rate })
              : t('expenses.rate_hint', { currency: options.currency, rate: options.exchange_rate })}
          </Text>
        </Stack>
        <Textarea label={t('expenses.note')} autosize minRows={2} key={form.key('note')} {...form.getInputProps('note')} />
        <ReceiptField item={item} attachment={attachment} onChange={setAttachment} />
        <FormActions saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

type Attached = Pick<ExpenseAttachment, 'key' | 'type'>;

/** The receipt: a photo or a PDF uploaded at once and claimed when the expense is saved; the saved one can be opened. */
function ReceiptField({
  item,
  attachment,
  onChange,
}: {
  item: Expense | null;
  attachment: Attached | null;
  onChange: (a: Attached | null) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadExpenseAttachment(file));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <FileButton onChange={(f) => void attach(f)} accept={EXPENSE_ATTACHMENT_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={uploading} data-testid="expense-attach">
              {t('expenses.attach')}
            </Button>
          )}
        </FileButton>
        {attachment && (
          <>
            <Group gap={4} data-testid="expense-attached">
              {attachment.type === 'pdf' ? <IconFileTypePdf size={18} aria-hidden /> : <IconPhoto size={18} aria-hidden />}
              <Text size="sm">{t(attachment.type === 'pdf' ? 'expenses.attached_pdf' : 'expenses.attached_image')}</Text>
            </Group>
            {item && attachment.key === item.attachment && (
              <Anchor component="button" type="button" size="sm" onClick={() => void downloadExpenseAttachment(item.id).catch(notifyError)}>
                {t('expenses.view_attachment')}
              </Anchor>
            )}
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              {t('expenses.remove_attachment')}
            </Button>
          </>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('expenses.attachment_hint')}
      </Text>
    </Stack>
  );
}
