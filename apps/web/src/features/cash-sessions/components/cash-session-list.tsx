import { useState } from 'react';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconCashBanknote, IconEye, IconLock, IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { CASH_SESSION_STATUSES, type CashSession, type CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import type { Column } from '../../../components/data-table/data-table';
import { branchFilter, choicesOf, periodFilters, type DocumentFilter } from '../../../components/documents/document-filters';
import { DocumentNumber, RowAction } from '../../../components/documents/document-list-actions';
import { DocumentListPage } from '../../../components/documents/document-list-page';
import type { QueryParams } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCashSessionList, useCashSessionOptions, useCurrentCashSession } from '../api/cash-sessions';
import { formatCash } from '../lib/cash-money';
import { Both } from './both-currencies';
import { CashMovementDialog } from './cash-movement-dialog';
import { CloseSessionDialog } from './close-session-dialog';
import { OpenSessionDialog } from './open-session-dialog';
import { SessionDetailModal, type Dialog } from './session-detail-modal';

// The address says `state` (the list's own `status` means active/inactive); the API's filter is `status`.
const useSessions = ({ state, ...query }: QueryParams) => useCashSessionList({ ...query, status: state });

/** Cash sessions (spec /open-cash-listing): filters by branch, cashier, days and status; the report of each; the till's own session. */
export function CashSessionList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const current = useCurrentCashSession();
  const [viewing, setViewing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<CashSessionDetail | null>(null);
  const act = (d: Dialog, s: CashSessionDetail | null) => {
    setTarget(s);
    setDialog(d);
  };
  const mine = current.session;
  const mayOpen = current.canSell && !current.isLoading;
  return (
    <DocumentListPage
      useRows={useSessions}
      searchPlaceholder="cash.search_placeholder"
      filters={useSessionFilters(canManage)}
      firstStep={{ step: 'cash_sessions', onAction: current.canSell && !mine ? () => act('open', null) : undefined }}
      columns={sessionColumns(setViewing, t, currentLanguage())}
      headerActions={() =>
        mayOpen &&
        (mine ? (
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
        ))
      }
      banner={mine && <MySession session={mine} />}
      rowActions={(s) => (
        <RowAction label="cash.view" name={s.session_number} icon={IconEye} onClick={() => setViewing(s.id)} testId="view-session" />
      )}
    >
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
    </DocumentListPage>
  );
}

/** The caller's own open session above the list: its number, where and since when, and what its drawer should hold. */
function MySession({ session }: { session: CashSessionDetail }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-testid="my-session">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge color="teal" variant="light">
            {t('cash.your_session')}
          </Badge>
          <Text fw={600} dir="ltr">
            {session.session_number}
          </Text>
          <Text size="sm" c="dimmed">
            {session.branch_name} · {formatDateTime(session.opened_at, lang)}
          </Text>
        </Group>
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            {t('cash.in_drawer')}
          </Text>
          <Text fw={700} dir="ltr" data-testid="my-expected-usd">
            {formatCash('USD', session.expected_usd, lang)}
          </Text>
          <Text fw={700} dir="ltr" data-testid="my-expected-khr">
            {formatCash('KHR', session.expected_khr, lang)}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}

/** Branch (a shop of several), cashier (for whoever manages every drawer), status, then the days. */
function useSessionFilters(canManage: boolean): DocumentFilter[] {
  const { t } = useTranslation();
  const options = useCashSessionOptions().data;
  return [
    branchFilter(options?.branches, { label: 'cash.branch', placeholder: 'cash.all_branches' }, 180),
    {
      kind: 'select',
      key: 'user_id',
      label: 'cash.cashier',
      placeholder: 'cash.all_cashiers',
      data: (options?.cashiers ?? []).map((c) => ({ value: c.id, label: c.name })),
      searchable: true,
      width: 180,
      hidden: !canManage,
    },
    {
      kind: 'select',
      key: 'state',
      label: 'cash.status',
      placeholder: 'cash.all_statuses',
      data: choicesOf(CASH_SESSION_STATUSES, (s) => t(`cash.statuses.${s}`)),
      width: 150,
      testId: 'status-filter',
    },
    ...periodFilters('cash'),
  ];
}

function sessionColumns(view: (id: string) => void, t: (key: string) => string, lang: Language): Column<CashSession>[] {
  return [
    {
      key: 'session_number',
      header: 'cash.session_number',
      sortable: true,
      render: (s) => (
        <DocumentNumber onClick={() => view(s.id)} dir="ltr">
          {s.session_number}
        </DocumentNumber>
      ),
    },
    { key: 'cashier', header: 'cash.cashier', render: (s) => s.cashier_name },
    { key: 'branch', header: 'cash.branch', render: (s) => s.branch_name },
    { key: 'opened_at', header: 'cash.opened_at', sortable: true, render: (s) => formatDateTime(s.opened_at, lang) },
    { key: 'closed_at', header: 'cash.closed_at', sortable: true, render: (s) => (s.closed_at ? formatDateTime(s.closed_at, lang) : '—') },
    { key: 'opening', header: 'cash.opening', align: 'right', render: (s) => <Both usd={s.opening_usd} khr={s.opening_khr} /> },
    { key: 'sales', header: 'cash.sales', align: 'right', render: (s) => <Both usd={s.sales_usd} khr={s.sales_khr} /> },
    { key: 'total', header: 'cash.total', align: 'right', render: (s) => <Both usd={s.expected_usd} khr={s.expected_khr} /> },
    { key: 'counted', header: 'cash.figures.counted', align: 'right', render: (s) => <Both usd={s.counted_usd} khr={s.counted_khr} /> },
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
  ];
}
