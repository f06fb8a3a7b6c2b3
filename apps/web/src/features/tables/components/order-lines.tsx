import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '@posauto/shared/schemas/restaurant';
import type { Language } from '@posauto/shared/i18n/index';
import { formatMoneyText } from '../../../lib/money-format';
import type { PendingAddition } from '../lib/addition-queue';
import classes from './tables.module.css';

export type LineState = 'new' | 'sent' | 'ready' | 'void';

export function lineState(line: OrderLine): LineState {
  if (line.status === 'void') return 'void';
  if (line.pending) return 'new';
  return line.ready_at ? 'ready' : 'sent';
}

const STATE_COLOR: Record<LineState, string> = { new: 'blue', sent: 'orange', ready: 'green', void: 'gray' };

interface Props {
  lines: readonly OrderLine[];
  pending: readonly PendingAddition[];
  names: ReadonlyMap<string, string>;
  currency: string;
  lang: Language;
  onPick: (line: OrderLine) => void;
  showBill: boolean;
}

/** The order's lines: name, quantity, note, seat, state ("new", "sent", "ready", "void") and amount; taps still on their way. */
export function OrderLines({ lines, pending, names, currency, lang, onPick, showBill }: Props) {
  const { t } = useTranslation();
  return (
    <ul className={classes.lines} aria-label={t('tables.order.lines')} data-testid="order-lines">
      {lines.map((line) => {
        const state = lineState(line);
        return (
          <li key={line.id}>
            <button type="button" className={classes.line} data-void={state === 'void' || undefined} onClick={() => onPick(line)}>
              <span>
                <Text span fw={700}>
                  <bdi>{line.quantity}</bdi> × {line.name}
                </Text>
                {line.note && (
                  <Text span size="sm" c="dimmed" display="block">
                    {line.note}
                  </Text>
                )}
                <Group gap={4} mt={2}>
                  <Badge color={STATE_COLOR[state]} variant="light">
                    {t(`tables.line_state.${state}`)}
                  </Badge>
                  {line.seat !== null && <Badge variant="outline">{t('tables.line.seat_n', { seat: line.seat })}</Badge>}
                  {showBill && <Badge variant="outline">{t('tables.split.bill_n', { bill: line.bill })}</Badge>}
                  {line.sale_id && <Badge color="teal">{t('tables.line_state.paid')}</Badge>}
                </Group>
              </span>
              <Text span fw={700}>
                <bdi dir="ltr">{formatMoneyText(line.amount, currency, lang)}</bdi>
              </Text>
            </button>
          </li>
        );
      })}
      {pending.map((p) => (
        <li key={p.key} className={classes.line} aria-busy="true">
          <span>
            <Text span fw={700}>
              {p.line.quantity} × {names.get(p.line.variant_id ?? p.line.product_id) ?? '…'}
            </Text>
            <Badge color="blue" variant="outline" display="block" mt={2}>
              {t('tables.line_state.adding')}
            </Badge>
          </span>
        </li>
      ))}
    </ul>
  );
}
