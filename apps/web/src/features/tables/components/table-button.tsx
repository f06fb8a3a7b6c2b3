import {
  IconBellRinging,
  IconCash,
  IconChefHat,
  IconCircleCheck,
  IconClock,
  IconPencil,
  IconReceipt,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorTableLive, TableState } from '@posauto/shared/schemas/restaurant';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import hidden from '../../../components/sr-only.module.css';
import { minutesSince } from '../lib/use-floor-live';
import classes from './tables.module.css';

/** Each state by colour and by its word and icon (colour is never the only sign). */
export const STATE_LOOK: Record<TableState, { color: string; Icon: typeof IconCash }> = {
  free: { color: 'var(--mantine-color-green-6)', Icon: IconCircleCheck },
  ordering: { color: 'var(--mantine-color-blue-6)', Icon: IconPencil },
  sent: { color: 'var(--mantine-color-orange-6)', Icon: IconChefHat },
  billed: { color: 'var(--mantine-color-violet-6)', Icon: IconReceipt },
  paid: { color: 'var(--mantine-color-gray-6)', Icon: IconCash },
};

interface Props {
  table: FloorTableLive;
  now: number;
  currency: string;
  lang: Language;
  onPick: (table: FloorTableLive) => void;
  /** On the plan: where it stands (CSS grid lines); in the list: in flow. */
  place: { column: string; row: string } | null;
  /** The page's direction, for the words inside a table on the plan (which is drawn left to right). */
  dir?: 'ltr' | 'rtl';
}

/**
 * A table on the floor: a big button named "Table 5, Sent to kitchen". Inside: its name, state and amount always;
 * guests and minutes open (or seats) when the table is big enough (a container query). Everything it shows, and the
 * rest, is its accessible description, so a small table hides nothing from anyone.
 */
export function TableButton({ table, now, currency, lang, onPick, place, dir }: Props) {
  const { t } = useTranslation();
  const look = STATE_LOOK[table.state];
  const minutes = minutesSince(table.opened_at, now);
  const stateText = t(`tables.state.${table.state}`);
  const detailsId = `table-${table.id}-details`;
  const free = table.state === 'free';
  const money = table.amount ? formatMoneyText(table.amount, currency, lang) : null;
  const details = free
    ? [t('tables.floor.seats', { n: table.seats })]
    : [
        t('tables.floor.guests', { n: table.guests ?? 0 }),
        minutes !== null ? t('tables.floor.minutes', { n: minutes }) : null,
        money,
        table.ready_count > 0 ? t('tables.floor.ready', { n: table.ready_count }) : null,
      ];
  const style = {
    '--state-color': look.color,
    ...(place ? { gridColumn: place.column, gridRow: place.row } : {}),
  } as React.CSSProperties;
  return (
    <>
      <button
        type="button"
        className={classes.table}
        dir={dir}
        data-shape={table.shape}
        data-state={table.state}
        style={style}
        onClick={() => onPick(table)}
        aria-describedby={detailsId}
        data-testid={`table-${table.name}`}
      >
        {/* The name is this text, not an aria-label: what a table shows (its name, "Free") stays part of it (WCAG 2.5.3). */}
        <span className={hidden.srOnly}>{t('tables.floor.table_label', { name: table.name, state: stateText })}</span>
        <span className={classes.tableBody} aria-hidden>
          <span className={classes.tableName}>{table.name}</span>{' '}
          <span className={classes.tableState}>
            <look.Icon size={14} className={classes.tableIcon} />
            <span>{stateText}</span>
          </span>
          {free ? (
            <span className={classes.tableMeta}>{details[0]}</span>
          ) : (
            <span className={classes.tableMeta}>
              <IconUsers size={14} className={classes.tableIcon} /> <bdi>{table.guests ?? 0}</bdi>
              {minutes !== null && (
                <>
                  {'  '}
                  <IconClock size={14} className={classes.tableIcon} /> <bdi>{t('tables.floor.minutes', { n: minutes })}</bdi>
                </>
              )}
            </span>
          )}
          {(money || table.ready_count > 0) && (
            <span className={classes.tableAmount}>
              {money && <bdi dir="ltr">{money}</bdi>}
              {table.ready_count > 0 && (
                <span className={classes.tableReady}>
                  <IconBellRinging size={14} className={classes.tableIcon} />
                  <bdi>{table.ready_count}</bdi>
                </span>
              )}
            </span>
          )}
        </span>
      </button>
      {/* Outside the button, so the button's name stays "Table 5, Sent to kitchen"; the rest is its description. */}
      <span id={detailsId} className={hidden.srOnly}>
        {details.filter(Boolean).join(' · ')}
      </span>
    </>
  );
}
