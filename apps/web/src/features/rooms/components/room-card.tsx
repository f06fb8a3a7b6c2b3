import { memo } from 'react';
import { IconAlarm, IconBrush, IconCircleCheck, IconMicrophone2, IconPlayerPause, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RoomBoardRoom, RoomState } from '@posauto/shared/schemas/rooms';
import type { CurrencyCode, ExchangeRate } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoney, formatMoneyText } from '../../../lib/money-format';
import { safeMinor } from '../../../components/selling/lib/money-minor';
import { inRiel, rielText } from '../../../components/selling/lib/money-text';
import { clockText, type TimeLevel } from '../lib/board-live';
import { timeOfDay } from '../lib/room-time';
import { CardActions } from './card-actions';
import css from './rooms.module.css';

/** Each state by colour and by its word and icon: colour is never the only sign. */
export const STATE_LOOK: Record<RoomState, { color: string; Icon: typeof IconAlarm }> = {
  free: { color: 'var(--mantine-color-green-6)', Icon: IconCircleCheck },
  in_use: { color: 'var(--mantine-color-blue-6)', Icon: IconMicrophone2 },
  paused: { color: 'var(--mantine-color-gray-6)', Icon: IconPlayerPause },
  ending: { color: 'var(--mantine-color-yellow-6)', Icon: IconAlarm },
  cleaning: { color: 'var(--mantine-color-cyan-6)', Icon: IconBrush },
};
const RED = 'var(--mantine-color-red-7)';

/** How the board writes money: built once per board, so the cards see the same object every second. */
export interface MoneyLook {
  currency: CurrencyCode;
  lang: Language;
  /** The shop's riel rate; null when it is not set (no riel beside the amounts then). */
  rate: ExchangeRate | null;
  timeZone: string;
}

interface Props {
  room: RoomBoardRoom;
  state: RoomState;
  level: TimeLevel;
  seconds: number | null;
  remaining: number | null;
  amount: number | null;
  look: MoneyLook;
  onStart: (room: RoomBoardRoom) => void;
}

/**
 * A room on the board: its name and state, then for a stay the guests, the timer (time used, or time left counting
 * down when booked), the amount so far with riel beside it and the food and drinks; then what can be done. Drawn again
 * only when something it shows changed (the timer of a running stay: each second).
 */
export const RoomCard = memo(function RoomCard({ room, state, level, seconds, remaining, amount, look, onStart }: Props) {
  const { t } = useTranslation();
  const stay = room.stay && room.stay.status !== 'stopped' ? room.stay : null;
  const { Icon } = STATE_LOOK[state];
  const color = state === 'ending' && (level === 'late' || level === 'over') ? RED : STATE_LOOK[state].color;
  const nameId = `room-${room.id}-name`;
  return (
    <li>
      <article
        className={css.card}
        style={{ '--state-color': color } as React.CSSProperties}
        aria-labelledby={nameId}
        data-state={state}
        data-testid={`room-${room.name}`}
      >
        <div className={css.head}>
          <h3 id={nameId} className={css.name}>
            {room.name}
          </h3>
          <span className={css.state}>
            <Icon size={14} className={css.icon} aria-hidden />
            {t(`rooms_ui.state.${state}`)}
          </span>
        </div>
        <div className={css.meta}>
          <span>{room.type_name}</span>
          {stay && (
            <span className={css.metaItem}>
              <IconUsers size={14} className={css.icon} aria-hidden />
              {t('rooms_ui.card.guests', { n: stay.guests })}
            </span>
          )}
        </div>
        {stay && seconds !== null && <Timer seconds={seconds} remaining={remaining} level={level} />}
        {stay && <StayMoney amount={amount} food={stay.food_amount} look={look} />}
        {state === 'cleaning' && <CleaningLine room={room} look={look} />}
        <CardActions room={room} state={state} onStart={onStart} />
      </article>
    </li>
  );
});

/**
 * Time used, or left, or over: the figures change every second, so they are a timer (never announced: role timer
 * is not live); the warnings are announced once by the board's live region.
 */
function Timer({ seconds, remaining, level }: { seconds: number; remaining: number | null; level: TimeLevel }) {
  const { t } = useTranslation();
  const label = remaining === null ? t('rooms_ui.timer.used') : remaining > 0 ? t('rooms_ui.timer.left') : t('rooms_ui.timer.over');
  return (
    <div className={css.timer} data-level={level}>
      <span className={css.metaItem}>
        {level !== 'none' && <IconAlarm size={16} className={css.icon} aria-hidden />}
        {label}
      </span>
      <span role="timer" className={css.timerFigures}>
        <bdi dir="ltr">{clockText(remaining ?? seconds)}</bdi>
      </span>
    </div>
  );
}

/** The amounts change once a minute at most: not formatted again at each second of the timer. */
const StayMoney = memo(function StayMoney({ amount, food, look }: { amount: number | null; food: string; look: MoneyLook }) {
  const { t } = useTranslation();
  const { currency, lang } = look;
  const foodMinor = safeMinor(food, currency);
  const total = amount === null ? null : amount + foodMinor;
  const riel = total === null ? null : inRiel(total, currency, look.rate);
  return (
    <dl className={css.money}>
      <dt>{t('rooms_ui.card.time_amount')}</dt>
      <dd>
        <bdi dir="ltr">{amount === null ? '—' : formatMoney(amount, currency, lang)}</bdi>
      </dd>
      <dt>{t('rooms_ui.card.food')}</dt>
      <dd>
        <bdi dir="ltr">{formatMoneyText(food, currency, lang)}</bdi>
      </dd>
      <dt className={css.total}>{t('rooms_ui.card.so_far')}</dt>
      <dd className={css.total}>
        <span className={css.pair}>
          <bdi dir="ltr">{total === null ? '—' : formatMoney(total, currency, lang)}</bdi>
          {riel !== null && (
            <bdi dir="ltr" className={css.riel}>
              {rielText(riel, lang)}
            </bdi>
          )}
        </span>
      </dd>
    </dl>
  );
});

function CleaningLine({ room, look }: { room: RoomBoardRoom; look: MoneyLook }) {
  const { t } = useTranslation();
  const time = (iso: string) => timeOfDay(iso, look.timeZone, look.lang);
  if (room.cleaning_until) return <div className={css.meta}>{t('rooms_ui.card.free_at', { time: time(room.cleaning_until) })}</div>;
  if (room.cleaning_since) return <div className={css.meta}>{t('rooms_ui.card.cleaning_since', { time: time(room.cleaning_since) })}</div>;
  return null;
}
