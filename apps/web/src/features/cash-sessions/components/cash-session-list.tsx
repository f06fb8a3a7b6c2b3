import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCashBanknote, IconEye, IconLock, IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CASH_SESSION_STATUSES, type CashCurrency, type CashSession, type CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { DataTable } from '../../../components/data-table/data-table';
import { firstStepUnlessFiltered } from '../../../components/data-table/first-step';
import { ListFooter, ListSearch } from '../../../components/crud/list-parts';
import { useListState } from '../../../components/crud/list-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCashSession, useCashSessionList, useCashSessionOptions, useCurrentCashSession } from '../api/cash-sessions';
import { apiMinor, formatCash } from '../lib/cash-money';
import { printCashReport, type PrintPaper } from '../lib/print-report';
import { CashMovementDialog } from './cash-movement-dialog';
import { CashSessionReport } from './cash-session-report';
import { CloseSessionDialog } from './close-session-dialog';
import { OpenSessionDialog } from './open-session-dialog';

const FILTERS = ['branch_id', 'user_id', 'state', 'from', 'to'] as const;

/** Dollars over riel in one cell: both currencies of the drawer, numbers left to right in every language. */
function Both({ usd, khr, signed = false }: { usd: string | null; khr: string | null; signed?: boolean }) {
  const lang = currentLanguage();
  const color = (currency: CashCurrency, text: string | null) => {
    if (!signed || !text) return undefined;
    const d = apiMinor(currency, text);
    return d > 0 ? 'teal.8' : d < 0 ? 'red.8' : undefined;
  };
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" dir="ltr" c={color('USD', usd)} style={{ whiteSpace: 'nowrap' }}>
        {formatCash('USD', usd, lang)}
      </Text>
      <Text size="xs" dir="ltr" c={color('KHR', khr) ?? 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {formatCash('KHR', khr, lang)}
      </Text>
    </Stack>
  );
}

type Dialog = 'open' | 'in' | 'out' | 'close' | null;

/** The end-of-day report of one session in a dialog, with its prints and, for one's own open session, its actions. */
function SessionDetailModal({
  id,
  onClose,
  ownOpenId,
  canManage,
  onAction,
}: {
  id: string | null;
  onClose: () => void;
  ownOpenId: string | null;
  canManage: boolean;
  onAction: (d: Dialog, s: CashSessionDetail) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const detail = useCashSession(id);
  const s = detail.data;
  const [printing, setPrinting] = useState<PrintPaper | null>(null);
  const print = async (paper: PrintPaper) => {
    if (!s) return;
    setPrinting(paper);
    try {
      await printCashReport(s, paper);
    } catch (e) {
      notifyError(e);
    } finally {
      setPrinting(null);
    }
  };
  const own = s && s.id === ownOpenId;
  return (
    <Modal opened={Boolean(id)} onClose={onClose} title={t('cash.report_title')} size="lg" centered>
      {s ? (
        <Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={printing === 80}
              onClick={() => print(80)}
              data-testid="print-80"
            >
              {t('cash.print_80')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={printing === 'a4'}
              onClick={() => print('a4')}
              data-testid="print-a4"
            >
              {t('cash.print_a4')}
            </Button>
            {own && (
              <>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onAction('in', s)}>
                  {t('cash.cash_in')}
                </Button>
                <Button variant="light" leftSection={<IconMinus size={16} />} onClick={() => onAction('out', s)}>
                  {t('cash.cash_out')}
                </Button>
              </>
            )}
            {s.status === 'open' && (own || canManage) && (
              <Button color="red" leftSection={<IconLock size={16} />} onClick={() => onAction('close', s)} data-testid="detail-close">
                {t('cash.close_session')}
              </Button>
            )}
          </Group>
          <CashSessionReport session={s} paper="screen" t={t} lang={lang} />
        </Stack>
      ) : (
        <Text c="dimmed">{t('common.loading')}</Text>
      )}
    </Modal>
  );
}

/** Cash sessions (spec /open-cash-listing): filters by branch, cashier, days and status; the report of each; the till's own session. */
export function CashSessionList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { state, update, query } = useListState(FILTERS);
  // The address says `state` (the list's own `status` means active/inactive); the API's filter is `status`.
  const status = state.filters.state;
  const list = useCashSessionList({ ...query, state: undefined, status });
  const options = useCashSessionOptions();
  const current = useCurrentCashSession();
  const rows = list.data?.data ?? [];
  const [viewing, setViewing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<CashSessionDetail | null>(null);
  const filter = (key: (typeof FILTERS)[number], value: string | null) =>
    update({ page: 1, filters: { ...state.filters, [key]: value || undefined } });
  const act = (d: Dialog, s: CashSessionDetail | null) => {
    setTarget(s);
    setDialog(d);
  };
  const mine = current.session;

  return (
    <>
      <PageHeader
        actions={
          current.canSell && !current.isLoading ? (
            mine ? (
              <Group gap="xs">
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => act('in', mine)} data-testid="cash-in">
                  {t('cash.cash_in')}
                </Button>
                <Button variant="light" leftSection={<IconMinus size={16} />} onClick={() => act('out', mine)} data-testid="cash-out">
                  {t('cash.cash_out')}
                </Button>
                <Button color="red" leftSection={<IconLock size={16} />} onClick={() => act('close', mine)} data-testid="close-session">
                  {t('cash.close_session')}
                </Button>
              </Group>
            ) : (
              <Button leftSection={<IconCashBanknote size={16} />} onClick={() => act('open', null)} data-testid="open-session">
                {t('cash.open_session')}
              </Button>
            )
          ) : null
        }
      />
      {mine && (
        <Paper withBorder radius="md" p="sm" mb="md" data-testid="my-session">
          <Group justify="space-between">
            <Group gap="xs">
              <Badge color="teal" variant="light">
                {t('cash.your_session')}
              </Badge>
              <Text fw={600} dir="ltr">
                {mine.session_number}
              </Text>
              <Text size="sm" c="dimmed">
                {mine.branch_name} · {formatDateTime(mine.opened_at, lang)}
              </Text>
            </Group>
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {t('cash.in_drawer')}
              </Text>
              <Text fw={700} dir="ltr" data-testid="my-expected-usd">
                {formatCash('USD', mine.expected_usd, lang)}
              </Text>
              <Text fw={700} dir="ltr" data-testid="my-expected-khr">
                {formatCash('KHR', mine.expected_khr, lang)}
              </Text>
            </Group>
          </Group>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <ListSearch state={state} update={update} placeholder="cash.search_placeholder" />
          {(options.data?.branches.length ?? 0) > 1 && (
            <Select
              aria-label={t('cash.branch')}
              placeholder={t('cash.all_branches')}
              data={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => filter('branch_id', v)}
              clearable
              w={180}
            />
          )}
          {canManage && (
            <Select
              aria-label={t('cash.cashier')}
              placeholder={t('cash.all_cashiers')}
              data={(options.data?.cashiers ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={state.filters.user_id ?? null}
              onChange={(v) => filter('user_id', v)}
              clearable
              searchable
              w={180}
            />
          )}
          <Select
            aria-label={t('cash.status')}
            placeholder={t('cash.all_statuses')}
            data={CASH_SESSION_STATUSES.map((s) => ({ value: s, label: t(`cash.statuses.${s}`) }))}
            value={state.filters.state ?? null}
            onChange={(v) => filter('state', v)}
            clearable
            w={150}
            data-testid="status-filter"
          />
          <TextInput
            type="date"
            label={t('cash.from')}
            value={state.filters.from ?? ''}
            onChange={(e) => filter('from', e.currentTarget.value)}
            w={150}
          />
          <TextInput
            type="date"
            label={t('cash.to')}
            value={state.filters.to ?? ''}
            onChange={(e) => filter('to', e.currentTarget.value)}
            w={150}
          />
        </Group>
        <DataTable<CashSession>
          rows={rows}
          loading={list.isFetching}
          sort={state.sort}
          order={state.order}
          onSort={(key) => update({ sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' })}
          emptyText={t(state.search ? 'common.no_match' : 'common.no_data')}
          firstStep={firstStepUnlessFiltered(state, {
            step: 'cash_sessions',
            onAction: current.canSell && !mine ? () => act('open', null) : undefined,
          })}
          columns={[
            {
              key: 'session_number',
              header: 'cash.session_number',
              sortable: true,
              render: (s) => (
                <Text
                  size="sm"
                  fw={500}
                  component="button"
                  type="button"
                  onClick={() => setViewing(s.id)}
                  style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', color: 'var(--mantine-color-anchor)' }}
                  dir="ltr"
                >
                  {s.session_number}
                </Text>
              ),
            },
            { key: 'cashier', header: 'cash.cashier', render: (s) => s.cashier_name },
            { key: 'branch', header: 'cash.branch', render: (s) => s.branch_name },
            { key: 'opened_at', header: 'cash.opened_at', sortable: true, render: (s) => formatDateTime(s.opened_at, lang) },
            {
              key: 'closed_at',
              header: 'cash.closed_at',
              sortable: true,
              render: (s) => (s.closed_at ? formatDateTime(s.closed_at, lang) : '—'),
            },
            { key: 'opening', header: 'cash.opening', align: 'right', render: (s) => <Both usd={s.opening_usd} khr={s.opening_khr} /> },
            { key: 'sales', header: 'cash.sales', align: 'right', render: (s) => <Both usd={s.sales_usd} khr={s.sales_khr} /> },
            { key: 'total', header: 'cash.total', align: 'right', render: (s) => <Both usd={s.expected_usd} khr={s.expected_khr} /> },
            {
              key: 'counted',
              header: 'cash.figures.counted',
              align: 'right',
              render: (s) => <Both usd={s.counted_usd} khr={s.counted_khr} />,
            },
            {
              key: 'difference',
              header: 'cash.figures.difference',
              align: 'right',
              render: (s) => <Both usd={s.difference_usd} khr={s.difference_khr} signed />,
            },
            {
              key: 'status',
              header: 'cash.status',
              render: (s) => (
                <Badge variant="light" color={s.status === 'open' ? 'teal' : 'gray'}>
                  {t(`cash.statuses.${s.status}`)}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: 'common.actions',
              render: (s) => (
                <Tooltip label={t('cash.view')}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setViewing(s.id)}
                    aria-label={`${t('cash.view')} ${s.session_number}`}
                    data-testid="view-session"
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
        <ListFooter meta={list.data?.meta} state={state} update={update} shown={rows.length} />
      </Paper>

      <SessionDetailModal
        id={viewing}
        onClose={() => setViewing(null)}
        ownOpenId={mine?.id ?? null}
        canManage={canManage}
        onAction={(d, s) => {
          setViewing(null);
          act(d, s);
        }}
      />
      <OpenSessionDialog opened={dialog === 'open'} onClose={() => setDialog(null)} />
      <CashMovementDialog
        opened={dialog === 'in' || dialog === 'out'}
        onClose={() => setDialog(null)}
        session={target}
        type={dialog === 'out' ? 'out' : 'in'}
      />
      <CloseSessionDialog opened={dialog === 'close'} onClose={() => setDialog(null)} session={target} />
    </>
  );
}
