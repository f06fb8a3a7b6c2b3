import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Select, Text, Title } from '@mantine/core';
import { IconMaximize, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { ApiError } from '../../../lib/api-client';
import { useUserData } from '../../../lib/auth-store';
import { notifyError } from '../../../lib/notify';
import { useBranchChoices, useStations, useTicketAction, useTickets, type TicketView } from '../api/kitchen';
import { newAutoPrintState, ticketsToPrint } from '../lib/auto-print';
import { printTicket } from '../lib/print-ticket';
import { storedStation, storeStation, validStation } from '../lib/station-choice';
import { useKitchenLive, useTick } from '../lib/use-kitchen-live';
import { clockOffset } from '../lib/waiting';
import { TicketCard } from './ticket-card';
import css from './kitchen.module.css';

const BRANCH_KEY = 'posauto.kitchen.branch';
/** The station picker's "every station" (a select's option needs a value). */
const ALL = 'all';

function useBranchChoice(shopLevel: boolean) {
  const branches = useBranchChoices(shopLevel);
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(BRANCH_KEY));
  const list = branches.data ?? [];
  const branchId = shopLevel ? (list.some((b) => b.id === chosen) ? chosen : (list[0]?.id ?? null)) : null;
  const choose = (id: string | null) => {
    setChosen(id);
    if (id) localStorage.setItem(BRANCH_KEY, id);
  };
  return { branches: list, branchId, choose, waiting: shopLevel && branches.isLoading };
}

function print(ticket: KitchenTicket) {
  printTicket(ticket).catch(notifyError);
}

function Toolbar(props: {
  branches: { id: string; name: string }[];
  branchId: string | null;
  onBranch(id: string | null): void;
  stations: { value: string; label: string }[];
  station: string;
  onStation(id: string): void;
  view: TicketView;
  onView(view: TicketView): void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" gap="sm">
      <Title order={1} size="h2">
        {t('pages.kitchen')}
      </Title>
      <Group gap="sm">
        {props.branches.length > 1 && (
          <Select
            aria-label={t('kitchen.branch')}
            data={props.branches.map((b) => ({ value: b.id, label: b.name }))}
            value={props.branchId}
            onChange={props.onBranch}
            allowDeselect={false}
            size="md"
          />
        )}
        <Select
          aria-label={t('kitchen.station')}
          data={[{ value: ALL, label: t('kitchen.all_stations') }, ...props.stations]}
          value={props.station || ALL}
          onChange={(v) => props.onStation(!v || v === ALL ? '' : v)}
          allowDeselect={false}
          size="md"
        />
        <SegmentedControl
          aria-label={t('kitchen.view')}
          size="md"
          value={props.view}
          onChange={(v) => props.onView(v as TicketView)}
          data={[
            { value: 'open', label: t('kitchen.view_open') },
            { value: 'done', label: t('kitchen.view_done') },
          ]}
        />
        <Button
          size="md"
          variant="default"
          leftSection={<IconMaximize size={18} />}
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          {t('kitchen.full_screen')}
        </Button>
      </Group>
    </Group>
  );
}

/** /kitchen: the tickets of one station (or all) of a branch, oldest first, live. */
export function KitchenScreen() {
  const { t } = useTranslation();
  const user = useUserData();
  const { branches, branchId, choose, waiting } = useBranchChoice(user?.data.branch_id === null);
  const stations = useStations(branchId);
  const [stored, setStored] = useState(storedStation);
  const station = validStation(stored, stations.data);
  const [view, setView] = useState<TicketView>('open');
  const tickets = useTickets(branchId, station || null, view);
  const action = useTicketAction();
  const readFailed = tickets.isError && tickets.error instanceof ApiError && tickets.error.status === 0;
  const { offline } = useKitchenLive(readFailed);
  const localNow = useTick();
  const offset = useMemo(() => clockOffset(tickets.data?.server_time, Date.now()), [tickets.data]);
  const now = localNow + offset;

  const printing = useRef(newAutoPrintState());
  useEffect(() => {
    printing.current = newAutoPrintState();
  }, [branchId, station]);
  useEffect(() => {
    if (view !== 'open' || !tickets.data) return;
    const prints = new Set((stations.data ?? []).filter((s) => s.print_tickets).map((s) => s.id));
    const list = tickets.data.data;
    const ids = ticketsToPrint(
      printing.current,
      list.map((x) => ({ id: x.id, print: x.print || (x.station_id !== null && prints.has(x.station_id)) })),
    );
    for (const id of ids) {
      const ticket = list.find((x) => x.id === id);
      if (ticket) print(ticket);
    }
  }, [tickets.data, view, stations.data]);

  const sorted = useMemo(
    () =>
      [...(tickets.data?.data ?? [])].sort((a, b) =>
        view === 'open' ? a.created_at.localeCompare(b.created_at) : b.created_at.localeCompare(a.created_at),
      ),
    [tickets.data, view],
  );
  const run = (a: Parameters<typeof action.mutate>[0]) => action.mutate(a, { onError: notifyError });

  return (
    <main className={css.screen}>
      <Toolbar
        branches={branches}
        branchId={branchId}
        onBranch={choose}
        stations={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        station={station}
        onStation={(id) => {
          storeStation(id);
          setStored(id);
        }}
        view={view}
        onView={setView}
      />
      {offline && (
        <Alert color="orange" variant="filled" icon={<IconWifiOff />} mb="md" title={t('kitchen.offline_title')}>
          {t('kitchen.offline_text')}
        </Alert>
      )}
      {tickets.isError && !readFailed && (
        <Alert color="red" mb="md">
          {(tickets.error as Error).message}
        </Alert>
      )}
      {(tickets.isLoading || waiting) && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {tickets.data && sorted.length === 0 && (
        <Center py={80}>
          <Text size="xl" c="dimmed">
            {t(view === 'open' ? 'kitchen.empty_open' : 'kitchen.empty_done')}
          </Text>
        </Center>
      )}
      <section className={css.grid} aria-label={t(view === 'open' ? 'kitchen.view_open' : 'kitchen.view_done')}>
        {sorted.map((ticket) => (
          <TicketCard
            key={ticket.id}
            ticket={ticket}
            view={view}
            now={now}
            showStation={!station}
            busy={action.isPending}
            onLineReady={(line) => run({ action: 'line', ticketId: ticket.id, lineId: line.id })}
            onAction={(a) => run({ action: a, ticketId: ticket.id })}
            onPrint={() => print(ticket)}
          />
        ))}
      </section>
    </main>
  );
}
