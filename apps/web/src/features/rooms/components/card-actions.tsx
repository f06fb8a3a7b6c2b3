import { memo } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RoomBoardRoom, RoomState } from '@posauto/shared/schemas/rooms';
import { notifyError } from '../../../lib/notify';
import { confirmAction } from '../../../components/crud/confirm-action';
import { useRoomCommand, type RoomCommand } from '../api/rooms-api';
import css from './rooms.module.css';

export const orderPath = (orderId: string) => `/tables/order/${orderId}`;

interface Props {
  room: RoomBoardRoom;
  state: RoomState;
  onStart: (room: RoomBoardRoom) => void;
}

/**
 * What can be done with a room in its state: start a free one; open the order of one in use, pause or resume it, stop
 * it (asked first); mark a cleaning one clean. Each button's name ends with the room's ("Stop A3"), so a list of the
 * board's buttons read out says which room each one is for. Not drawn again by the timer's seconds.
 */
export const CardActions = memo(function CardActions({ room, state, onStart }: Props) {
  const { t } = useTranslation();
  const command = useRoomCommand();
  const stay = room.stay;
  const busy = (kind: RoomCommand['kind']) => command.isPending && command.variables?.kind === kind;
  const run = (c: RoomCommand) => command.mutate(c, { onError: notifyError });
  const named = (label: string) => ({ 'aria-label': `${label} ${room.name}` });
  const big = { h: 'auto', mih: 48, py: 6, classNames: { label: css.actionLabel } } as const;

  const stop = (stayId: string) =>
    confirmAction({
      title: t('rooms_ui.stop.title', { name: room.name }),
      text: t('rooms_ui.stop.text'),
      confirm: t('rooms_ui.actions.stop'),
      color: 'red',
      // The board stays: the stopped stay's unpaid bill keeps its "Open order" button on the room, now cleaning.
      onConfirm: () => run({ kind: 'stop', stayId }),
    });

  const order = stay && !stay.paid && (
    <Button
      {...big}
      variant="default"
      component={Link}
      to={orderPath(stay.order_id)}
      className={css.wide}
      {...named(t('rooms_ui.actions.order'))}
    >
      {t('rooms_ui.actions.order')}
    </Button>
  );

  if (state === 'free') {
    return (
      <div className={css.actions}>
        {order}
        <Button
          {...big}
          className={css.wide}
          leftSection={<IconPlayerPlay size={18} aria-hidden />}
          onClick={() => onStart(room)}
          {...named(t('rooms_ui.actions.start'))}
        >
          {t('rooms_ui.actions.start')}
        </Button>
      </div>
    );
  }
  if (state === 'cleaning') {
    return (
      <div className={css.actions}>
        {order}
        <Button
          {...big}
          className={css.wide}
          color="cyan"
          loading={busy('clean')}
          onClick={() => run({ kind: 'clean', roomId: room.id })}
          {...named(t('rooms_ui.actions.clean'))}
        >
          {t('rooms_ui.actions.clean')}
        </Button>
      </div>
    );
  }
  if (!stay || stay.status === 'stopped') return null;
  const paused = stay.status === 'paused';
  return (
    <div className={css.actions}>
      {order}
      <Button
        {...big}
        variant="light"
        loading={busy(paused ? 'resume' : 'pause')}
        onClick={() => run({ kind: paused ? 'resume' : 'pause', stayId: stay.id })}
        {...named(t(paused ? 'rooms_ui.actions.resume' : 'rooms_ui.actions.pause'))}
      >
        {t(paused ? 'rooms_ui.actions.resume' : 'rooms_ui.actions.pause')}
      </Button>
      <Button
        {...big}
        color="red"
        variant="light"
        loading={busy('stop')}
        onClick={() => stop(stay.id)}
        {...named(t('rooms_ui.actions.stop'))}
      >
        {t('rooms_ui.actions.stop')}
      </Button>
    </div>
  );
});
