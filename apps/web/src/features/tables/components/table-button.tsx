import { IconCash, IconChefHat, IconCircleCheck, IconPencil, IconReceipt, IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorTableLive, TableState } from '@posauto/shared/schemas/restaurant';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
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
  /** On the plan: placed by its cell; in the list: in flow. */
  placed: boolean;
}

/** A table on the floor: a big button named "Table 5, Sent to kitchen", its guests, minutes open and amount shown. */
export function TableButton({ table, now, currency, lang, onPick, placed }: Props) {
  const { t } = useTranslation();
  const look = STATE_LOOK[table.state];
  const minutes = minutesSince(table.opened_at, now);
  const stateText = t(`tables.state.${table.state}`);
  const detailsId = `table-${table.id}-details`;
  const style = {
    '--state-color': look.color,
    ...(placed ? { '--x': table.x + 1, '--y': table.y + 1 } : {}),
  } as React.CSSProperties;
  return (
    <button
      type="button"
      className={classes.table}
      data-shape={table.shape}
      data-state={table.state}
      style={style}
      onClick={() => onPick(table)}
      aria-label={t('tables.floor.table_label', { name: table.name, state: stateText })}
      aria-describedby={detailsId}
      data-testid={`table-${table.name}`}
    >
      <span className={classes.tableName}>{table.name}</span>
      <span className={classes.tableState}>
        <look.Icon size={14} aria-hidden />
        {stateText}
      </span>
      <span id={detailsId}>
        {table.state === 'free' ? (
          <span>{t('tables.floor.seats', { n: table.seats })}</span>
        ) : (
          <>
            <span>{t('tables.floor.guests', { n: table.guests ?? 0 })}</span>
            {minutes !== null && <span> · {t('tables.floor.minutes', { n: minutes })}</span>}
            {table.amount && (
              <>
                {' · '}
                <bdi dir="ltr">{formatMoneyText(table.amount, currency, lang)}</bdi>
              </>
            )}
            {table.ready_count > 0 && (
              <span>
                {' · '}
                <IconBellRinging size={12} aria-hidden /> {t('tables.floor.ready', { n: table.ready_count })}
              </span>
            )}
          </>
        )}
      </span>
    </button>
  );
}
