import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEdit, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Expense, ExpenseInput, ExpenseTotals } from '@posauto/shared/schemas/expenses';
import { confirmDelete } from '../../../components/crud/confirm-delete';
import { ExportMenu } from '../../../components/crud/export-menu';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { useCrudMutations } from '../../../components/crud/resource';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText } from '../../../lib/money-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadExpenseAttachment, expensesResource, useExpenseList, useExpenseOptions } from '../api/expenses';
import { ExpenseForm } from './expense-form';

const FILTERS = ['category_id', 'branch_id', 'payment_method_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** Decimal text of a currency, shown the language's way ("41000" KHR -> "41,000 ៛"). */
export function money(text: string, currency: string, lang: ReturnType<typeof currentLanguage>): string {
  return formatMoneyText(text, currency, lang);
}

/** The sums of every row the filters match: the shop currency, riel beside it at the shop's rate, what was entered. */
function TotalsBar({ totals }: { totals: ExpenseTotals }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-default-hover)" data-testid="expense-totals">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('expenses.totals_label')} · {t('expenses.count', { count: totals.count })}
          </Text>
          <Group gap="sm" align="baseline">
            <Text fw={700} size="xl" dir="ltr" data-testid="expense-total">
              {money(totals.amount, totals.currency, lang)}
            </Text>
            {totals.currency !== 'KHR' && (
              <Text c="dimmed" dir="ltr" data-testid="expense-total-riel">
                ≈ {money(totals.amount_riel, 'KHR', lang)}
              </Text>
            )}
          </Group>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('expenses.riel_at', { rate: totals.exchange_rate })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('expenses.entered', { usd: money(totals.entered.USD, 'USD', lang), khr: money(totals.entered.KHR, 'KHR', lang) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /expend-listing: the shop's expenses (a branch user's: its branch's), filtered, totalled, exported, edited in a dialog. */
export function ExpenseList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(FILTERS);
  const list = useExpenseList(query);
  const options = useExpenseOptions();
  const m = useCrudMutations<Expense, ExpenseInput>(expensesResource);
  const [editing, setEditing] = useState<Expense | null | undefined>(undefined);
  const rows = list.data?.data ?? [];
  const filter = (key: Filter, value: string | null) => update({ filters: { [key]: value || undefined } });
  const o = options.data;

  const submit = async (input: ExpenseInput) => {
    if (editing) await m.update.mutateAsync({ id: editing.id, input });
    else await m.create.mutateAsync(input);
    notifySuccess(editing ? 'messages.updated' : 'messages.created');
    setEditing(undefined);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        subtitle={t('expenses.subtitle')}
        actions={
          <>
            <ExportMenu path={expensesResource.path} query={query} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} disabled={!o} data-testid="create">
              {t('common.add_new')}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="expenses.search_placeholder" />
          <Select
            aria-label={t('expenses.category')}
            placeholder={t('expenses.all_categories')}
            data={(o?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={state.filters.category_id ?? null}
            onChange={(v) => filter('category_id', v)}
            clearable
            searchable
            w={180}
            data-testid="filter-category_id"
          />
          {(o?.branches.length ?? 0) > 1 && (
            <Select
              aria-label={t('expenses.branch')}
              placeholder={t('expenses.all_branches')}
              data={(o?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => filter('branch_id', v)}
              clearable
              w={180}
              data-testid="filter-branch_id"
            />
          )}
          <Select
            aria-label={t('expenses.payment_method')}
            placeholder={t('expenses.all_payment_methods')}
            data={(o?.payment_methods ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={state.filters.payment_method_id ?? null}
            onChange={(v) => filter('payment_method_id', v)}
            clearable
            w={190}
            data-testid="filter-payment_method_id"
          />
          <TextInput
            type="date"
            label={t('expenses.from')}
            value={state.filters.from ?? ''}
            onChange={(e) => filter('from', e.currentTarget.value)}
            w={150}
            data-testid="filter-from"
          />
          <TextInput
            type="date"
            label={t('expenses.to')}
            value={state.filters.to ?? ''}
            onChange={(e) => filter('to', e.currentTarget.value)}
            w={150}
            data-testid="filter-to"
          />
        </Group>
        {list.data && <TotalsBar totals={list.data.totals} />}
        <DataTable<Expense>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, { step: 'expenses', onAction: o ? () => setEditing(null) : undefined })}
          columns={[
            {
              key: 'expense_date',
              header: 'expenses.expense_date',
              sortable: true,
              render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(`${e.expense_date}T12:00:00Z`, lang)}</span>,
            },
            { key: 'category', header: 'expenses.category', render: (e) => e.category_name },
            { key: 'branch', header: 'expenses.branch', render: (e) => e.branch_name },
            {
              key: 'expend_cost',
              header: 'expenses.expend_cost',
              align: 'right',
              render: (e) => (
                <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {money(e.expend_cost, e.currency, lang)}
                </Text>
              ),
            },
            {
              key: 'amount',
              header: 'expenses.amount_column',
              sortable: true,
              align: 'right',
              render: (e) => (
                <Text size="sm" fw={500} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {money(e.amount, e.shop_currency, lang)}
                </Text>
              ),
            },
            { key: 'payment_method', header: 'expenses.payment_method', render: (e) => e.payment_method_name ?? '—' },
            {
              key: 'note',
              header: 'expenses.note',
              render: (e) => (
                <Text size="sm" lineClamp={2} maw={260}>
                  {e.note}
                </Text>
              ),
            },
            {
              key: 'actions',
              header: 'common.actions',
              align: 'center',
              width: 130,
              render: (e) => (
                <Group gap={4} justify="center" wrap="nowrap">
                  {e.attachment && (
                    <Tooltip label={t('expenses.view_attachment')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('expenses.view_attachment')}
                        onClick={() => void downloadExpenseAttachment(e.id).catch(notifyError)}
                        data-testid="row-attachment"
                      >
                        <IconPaperclip size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('common.edit')}
                      onClick={() => setEditing(e)}
                      disabled={!o}
                      data-testid="row-edit"
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      data-testid="row-delete"
                      onClick={() =>
                        confirmDelete(() =>
                          m.remove.mutate(e.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }),
                        )
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
        <ListFooter state={state} update={update} meta={list.data?.meta} shown={rows.length} />
      </Paper>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? 'expenses.edit_title' : 'expenses.create_title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        size="lg"
        zIndex={2000}
      >
        {editing !== undefined && o && <ExpenseForm item={editing} options={o} submit={submit} onCancel={() => setEditing(undefined)} />}
      </Modal>
      {list.isError && (
        <Text c="red" size="sm">
          {(list.error as Error).message}
        </Text>
      )}
    </Stack>
  );
}
