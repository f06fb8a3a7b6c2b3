import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconClockEdit,
  IconAlarm,
  IconArrowLeft,
  IconArrowsExchange,
  IconClockPlus,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chargeStay, type StayPeriod } from '@posauto/shared/rooms/rates';
import { ROOM_LIMITS, ROOM_WARN_MINUTES, type RoomBoard, type Stay } from '@posauto/shared/schemas/rooms';
import type { TableOrder } from '@posauto/shared/schemas/restaurant';
import type { CurrencyCode } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { api } from '../../../lib/api-client';
import { uuid } from '../../../lib/uuid';
import { notifyError } from '../../../lib/notify';
import { formatMoney } from '../../../lib/money-format';
import { setShopTimeZone } from '../../../lib/format';
import { confirmAction } from '../../../components/crud/confirm-action';
import { postOnce, TABLES_KEY } from '../api/tables-api';
import { isRetryable } from '../lib/addition-queue';
import { StayTimesDialog } from './stay-times-dialog';
import classes from './tables.module.css';

/**
 * A karaoke room's stay on its order screen (issue #25): the room, its live timer (time used, or time left when
 * booked), the room time's running amount by the rate engine (the code of the server's bill), and pause/resume,
 * extend, move to another room, stop. The board (features/rooms) does the same on each card; a web feature never
 * imports another, so the few lines that turn a stay into engine periods are here again.
 */

const MINUTE = 60_000;
const stayKey = (id: string) => [...TABLES_KEY, 'stay', id];

const useStay = (id: string) =>
  useQuery({
    queryKey: stayKey(id),
    queryFn: () => api.get<Stay>(`/api/v1/room-stays/${id}`),
    enabled: Boolean(id),
    refetchInterval: 30_000,
  });

/** The branch's room board: the plans, the calendar, the free rooms, and the server clock's lead over this device's. */
const useBranchBoard = (branchId: string) =>
  useQuery({
    queryKey: [...TABLES_KEY, 'room-board', branchId],
    queryFn: async () => {
      const sent = Date.now();
      const board = await api.get<RoomBoard>('/api/v1/room-board', { branch_id: branchId });
      // The bill's times are the shop's, on a tablet that never opened a back-office screen too.
      setShopTimeZone(board.time_zone);
      const server = Date.parse(board.server_time);
      return { board, offset: Number.isNaN(server) ? 0 : server - Math.round((sent + Date.now()) / 2) };
    },
    refetchInterval: 30_000,
  });

type StayCommand = { kind: 'pause' | 'resume' | 'stop' } | { kind: 'extend'; minutes: number } | { kind: 'move'; roomId: string };
const bodyOf = (c: StayCommand) => (c.kind === 'extend' ? { minutes: c.minutes } : c.kind === 'move' ? { room_id: c.roomId } : {});

/**
 * A stay's changes, each with an Idempotency-Key made for it: kept when no answer came (the next press of the same
 * change is a retry the server answers once), dropped when the server answered.
 */
function useStayCommand(stayId: string) {
  const qc = useQueryClient();
  const held = useRef<{ what: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (c: StayCommand) => {
      const what = JSON.stringify(c);
      if (held.current?.what !== what) held.current = { what, key: uuid() };
      return postOnce<{ stay: Stay }>(`/api/v1/room-stays/${stayId}/${c.kind}`, bodyOf(c), held.current.key);
    },
    onSuccess: (r) => {
      held.current = null;
      qc.setQueryData(stayKey(stayId), r.stay);
    },
    onError: (e) => {
      if (!isRetryable(e)) held.current = null;
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: TABLES_KEY });
      void qc.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}

const LEVEL_LOOK = {
  none: { background: 'var(--mantine-color-default-hover)' },
  warn: { background: 'var(--mantine-color-yellow-3)', color: 'var(--mantine-color-black)' },
  late: { background: 'var(--mantine-color-red-8)', color: 'var(--mantine-color-white)' },
  over: { background: 'var(--mantine-color-red-8)', color: 'var(--mantine-color-white)' },
} as const;

/** "1:05:09" */
function clockText(totalSeconds: number): string {
  const s = Math.abs(Math.trunc(totalSeconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The server's clock to the second, from a timer of this clock's own (the rest of the order screen is not redrawn). */
function useServerSecond(offset: number, running: boolean): number {
  const read = () => Math.floor((Date.now() + offset) / 1000) * 1000;
  const [now, setNow] = useState(read);
  useEffect(() => {
    setNow(Math.floor((Date.now() + offset) / 1000) * 1000);
    if (!running) return;
    const id = window.setInterval(() => setNow(Math.floor((Date.now() + offset) / 1000) * 1000), 1000);
    return () => window.clearInterval(id);
  }, [offset, running]);
  return now;
}

/** The timer and the room time's amount, each second; the engine is asked once a minute (it charges whole minutes). */
function StayClock({
  stay,
  board,
  offset,
  currency,
  lang,
}: {
  stay: Stay;
  board: RoomBoard;
  offset: number;
  currency: CurrencyCode;
  lang: Language;
}) {
  const { t } = useTranslation();
  const now = useServerSecond(offset, stay.status === 'running');
  const periods = useMemo(() => {
    const plans = new Map(board.plans.map((p) => [p.type_id, p]));
    return [...stay.periods]
      .sort((a, b) => a.seq - b.seq)
      .map((p) => ({
        from: Date.parse(p.started_at),
        to: p.ended_at ? Date.parse(p.ended_at) : null,
        plan: plans.get(p.type_id),
        room: p.room_name,
      }));
  }, [stay.periods, board.plans]);
  const cal = useMemo(() => ({ timeZone: board.time_zone, holidays: new Set(board.holidays) }), [board.time_zone, board.holidays]);
  const endOf = (p: (typeof periods)[number]) => p.to ?? Math.max(p.from, now);
  const activeMs = periods.reduce((sum, p) => sum + Math.max(0, endOf(p) - p.from), 0);
  const open = periods.find((p) => p.to === null);
  // Every instant of a minute charges the same: the engine sees the running period cut to its last whole minute.
  const cut = open ? open.from + Math.floor(Math.max(0, now - open.from) / MINUTE) * MINUTE : 0;
  const amount = useMemo(() => {
    if (periods.some((p) => !p.plan || Number.isNaN(p.from))) return null;
    const engine = periods.map((p): StayPeriod => ({ from: p.from, to: p.to ?? Math.max(p.from, cut), plan: p.plan!, room: p.room }));
    try {
      return chargeStay(engine, cal, stay.booked_minutes).amount;
    } catch {
      return null;
    }
  }, [periods, cut, cal, stay.booked_minutes]);
  const seconds = Math.floor(activeMs / 1000) || 0;
  const remaining = stay.booked_minutes > 0 ? stay.booked_minutes * 60 - seconds : null;
  const level =
    remaining === null || stay.status !== 'running'
      ? 'none'
      : remaining <= 0
        ? 'over'
        : remaining <= ROOM_WARN_MINUTES[1] * 60
          ? 'late'
          : remaining <= ROOM_WARN_MINUTES[0] * 60
            ? 'warn'
            : 'none';
  const label = remaining === null ? t('rooms_ui.timer.used') : remaining > 0 ? t('rooms_ui.timer.left') : t('rooms_ui.timer.over');
  return (
    <Group gap="sm" wrap="nowrap">
      {/* Amber at 10 minutes left, red at 5 and after; the icon and the words say it too (never colour alone). */}
      <Group gap={6} wrap="nowrap" px={10} py={4} style={{ borderRadius: 8, fontWeight: 700, ...LEVEL_LOOK[level] }}>
        {level !== 'none' && <IconAlarm size={18} aria-hidden />}
        <span>{label}</span>
        <span role="timer" style={{ fontSize: 22, fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
          <bdi dir="ltr">{clockText(remaining ?? seconds)}</bdi>
        </span>
      </Group>
      <Text fw={700} fz="lg">
        {t('rooms_ui.card.time_amount')}: <bdi dir="ltr">{amount === null ? '—' : formatMoney(amount, currency, lang)}</bdi>
      </Text>
    </Group>
  );
}

interface Props {
  order: TableOrder;
  currency: CurrencyCode;
  lang: Language;
}

/** The order screen's header for a room's stay: in place of the table's, "Back" going to the room board. */
export function RoomStayHeader({ order, currency, lang }: Props) {
  const { t } = useTranslation();
  const stayQuery = useStay(order.stay_id ?? '');
  const boardQuery = useBranchBoard(order.branch_id);
  const command = useStayCommand(order.stay_id ?? '');
  const [dialog, setDialog] = useState<'extend' | 'move' | 'times' | null>(null);
  const stay = stayQuery.data;
  const live = stay && stay.status !== 'stopped';
  const busy = (kind: StayCommand['kind']) => command.isPending && command.variables?.kind === kind;
  const run = (c: StayCommand, onDone?: () => void) => command.mutate(c, { onError: notifyError, onSuccess: () => onDone?.() });
  const big = { h: 'auto', mih: 44, py: 4, classNames: { label: classes.actionLabel } } as const;
  const stop = () =>
    confirmAction({
      title: t('rooms_ui.stop.title', { name: order.room_name ?? '' }),
      text: t('rooms_ui.stop.text'),
      confirm: t('rooms_ui.actions.stop'),
      color: 'red',
      onConfirm: () => run({ kind: 'stop' }),
    });

  return (
    <Stack
      component="header"
      gap={6}
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
      data-testid="room-stay-header"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon component={Link} to="/rooms" variant="subtle" size={44} aria-label={t('rooms_ui.back_to_rooms')}>
            <IconArrowLeft size={20} className={classes.flip} />
          </ActionIcon>
          <Title order={1} fz="h4">
            {t('rooms_ui.order.title', { name: order.room_name ?? '', number: order.order_number })}
          </Title>
          {stay && <Badge variant="light">{t(`rooms_ui.stay_status.${stay.status}`)}</Badge>}
        </Group>
        {stay && boardQuery.data && (
          <StayClock stay={stay} board={boardQuery.data.board} offset={boardQuery.data.offset} currency={currency} lang={lang} />
        )}
        <Text size="sm" c="dimmed">
          {t('rooms_ui.card.guests', { n: order.guests })}
          {order.waiter_name ? ` · ${order.waiter_name}` : ''}
        </Text>
      </Group>
      {(stayQuery.error || boardQuery.error) && (
        <Alert color="red" role="alert" py={4}>
          {(stayQuery.error ?? boardQuery.error)?.message}
        </Alert>
      )}
      {stay && live && (
        <Group gap="xs" role="group" aria-label={t('rooms_ui.order.actions')}>
          {stay.status === 'paused' ? (
            <Button
              {...big}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={busy('resume')}
              onClick={() => run({ kind: 'resume' })}
            >
              {t('rooms_ui.actions.resume')}
            </Button>
          ) : (
            <Button
              {...big}
              variant="light"
              leftSection={<IconPlayerPause size={18} aria-hidden />}
              loading={busy('pause')}
              onClick={() => run({ kind: 'pause' })}
            >
              {t('rooms_ui.actions.pause')}
            </Button>
          )}
          <Button {...big} variant="default" leftSection={<IconClockPlus size={18} aria-hidden />} onClick={() => setDialog('extend')}>
            {t('rooms_ui.actions.extend')}
          </Button>
          <Button {...big} variant="default" leftSection={<IconArrowsExchange size={18} aria-hidden />} onClick={() => setDialog('move')}>
            {t('rooms_ui.actions.move')}
          </Button>
          <Button
            {...big}
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={18} aria-hidden />}
            loading={busy('stop')}
            onClick={stop}
          >
            {t('rooms_ui.actions.stop')}
          </Button>
        </Group>
      )}
      {stay && !stay.paid && (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconClockEdit size={16} aria-hidden />}
            onClick={() => setDialog('times')}
          >
            {t('rooms_ui.times.action')}
          </Button>
        </Group>
      )}
      {stay && dialog === 'times' && <StayTimesDialog stay={stay} onClose={() => setDialog(null)} />}
      {stay && dialog === 'extend' && <ExtendDialog stay={stay} command={command} onClose={() => setDialog(null)} />}
      {stay && dialog === 'move' && boardQuery.data && (
        <MoveDialog
          stay={stay}
          board={boardQuery.data.board}
          offset={boardQuery.data.offset}
          command={command}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

type Command = ReturnType<typeof useStayCommand>;

/** More booked time: +30, +60 or +120 minutes in one tap, or typed. The countdown counts from the stay's start. */
function ExtendDialog({ stay, command, onClose }: { stay: Stay; command: Command; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const extend = (minutes: number) => {
    setProblem(null);
    command.mutate({ kind: 'extend', minutes }, { onSuccess: onClose });
  };
  const submitTyped = () => {
    const n = Number(typed);
    if (!Number.isInteger(n) || n < 1 || n > ROOM_LIMITS.bookedMinutes) return setProblem(t('rooms.errors.minutes_range'));
    extend(n);
  };
  const error = problem ?? (command.variables?.kind === 'extend' ? command.error?.message : null);
  return (
    <Modal
      opened
      onClose={() => !command.isPending && onClose()}
      title={t('rooms_ui.extend.title')}
      centered
      closeButtonProps={{ 'aria-label': t('rooms_ui.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitTyped();
        }}
      >
        <Stack>
          <Text size="sm">
            {stay.booked_minutes > 0 ? t('rooms_ui.extend.booked', { n: stay.booked_minutes }) : t('rooms_ui.extend.not_booked')}
          </Text>
          <SimpleGrid cols={3}>
            {[30, 60, 120].map((n) => (
              <Button key={n} h={56} variant="default" disabled={command.isPending} onClick={() => extend(n)}>
                {t('rooms_ui.extend.plus', { n })}
              </Button>
            ))}
          </SimpleGrid>
          <NumberInput
            label={t('rooms_ui.extend.minutes')}
            value={typed}
            onChange={setTyped}
            min={1}
            max={ROOM_LIMITS.bookedMinutes}
            allowDecimal={false}
            size="lg"
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={48} onClick={onClose} disabled={command.isPending}>
              {t('rooms_ui.cancel')}
            </Button>
            <Button type="submit" h={48} loading={command.isPending}>
              {t('rooms_ui.actions.extend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Another room of the branch, of any type, free now: the stay's time goes on there, at that room's rates. */
function MoveDialog({
  stay,
  board,
  offset,
  command,
  onClose,
}: {
  stay: Stay;
  board: RoomBoard;
  offset: number;
  command: Command;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The server's clock: a room whose cleaning time is over is free (the server frees it by itself).
  const now = Date.now() + offset;
  const free = board.rooms.filter(
    (r) =>
      r.id !== stay.room_id &&
      (r.state === 'free' || (r.state === 'cleaning' && r.cleaning_until !== null && Date.parse(r.cleaning_until) <= now)),
  );
  return (
    <Modal
      opened
      onClose={() => !command.isPending && onClose()}
      title={t('rooms_ui.move.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('rooms_ui.close') }}
    >
      <Stack>
        <Text size="sm">{t('rooms_ui.move.hint')}</Text>
        {free.length === 0 && <Text c="dimmed">{t('rooms_ui.move.none')}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {free.map((r) => (
            <Button
              key={r.id}
              h="auto"
              mih={64}
              py={6}
              variant="default"
              loading={command.isPending && command.variables?.kind === 'move' && command.variables.roomId === r.id}
              disabled={command.isPending}
              onClick={() => command.mutate({ kind: 'move', roomId: r.id }, { onSuccess: onClose })}
              classNames={{ label: classes.actionLabel }}
            >
              {r.name} · {r.type_name}
            </Button>
          ))}
        </SimpleGrid>
        {command.variables?.kind === 'move' && command.error && (
          <Alert color="red" role="alert">
            {command.error.message}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
