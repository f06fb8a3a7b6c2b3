import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconChecks, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { quantityText, waitedMinutes, waitLevel } from '../lib/waiting';
import type { TicketView } from '../api/kitchen';
import { KIND_LABEL } from './ticket-paper';
import hidden from '../../../components/sr-only.module.css';
import css from './kitchen.module.css';

type Line = KitchenTicket['lines'][number];

export interface TicketCardProps {
  ticket: KitchenTicket;
  view: TicketView;
  /** The server's clock now, in ms. */
  now: number;
  /** Shows the station's name (the display shows every station). */
  showStation: boolean;
  busy: boolean;
  onLineReady(line: Line): void;
  onAction(action: 'ready' | 'done' | 'recall'): void;
  onPrint(): void;
}

const LEVEL_COLOR = { ok: 'gray', warning: 'yellow', late: 'red' } as const;

function TicketLine({ line, disabled, onReady }: { line: Line; disabled: boolean; onReady(): void }) {
  const { t } = useTranslation();
  const label = KIND_LABEL[line.kind];
  const ready = line.ready_at !== null;
  return (
    <li>
      <UnstyledButton className={css.lineButton} data-ready={ready} disabled={disabled || ready || line.kind === 'void'} onClick={onReady}>
        <Group component="span" gap={6} wrap="nowrap" align="flex-start">
          {ready && <IconCheck size={22} aria-hidden />}
          <span>
            {label && (
              <Badge component="span" color={line.kind === 'void' ? 'red' : 'blue'} variant="filled" autoContrast me={6} size="lg">
                {t(label)}
              </Badge>
            )}
            <span className={line.kind === 'void' ? css.void : undefined}>
              <bdi className={css.qty} dir="ltr">
                {quantityText(line.quantity)} ×
              </bdi>{' '}
              {/* Isolated: a Latin name in an Arabic ticket must not pull the quantity into its own run. */}
              <bdi>{line.name}</bdi>
            </span>
            {line.seat !== null && (
              <Text span c="dimmed" ms={6}>
                ({t('kitchen.seat', { seat: line.seat })})
              </Text>
            )}
            {line.note && <span className={css.note}>{line.note}</span>}
            {ready && <span className={hidden.srOnly}>{` ${t('kitchen.line_ready')}`}</span>}
          </span>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** One ticket on the display: an article named by its number and table, its lines, and what the cook can do. */
export function TicketCard({ ticket, view, now, showStation, busy, onLineReady, onAction, onPrint }: TicketCardProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const minutes = waitedMinutes(ticket.created_at, now);
  const level = view === 'open' ? waitLevel(minutes) : 'ok';
  const table = ticket.table_name ?? t('kitchen.no_table');
  return (
    <article className={css.card} data-level={level} aria-label={t('kitchen.ticket_label', { number: ticket.ticket_number, table })}>
      <div className={css.head}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <div className={css.number}>
              #{ticket.ticket_number} · {table}
            </div>
            <Text size="md" c="dimmed">
              {[ticket.waiter_name, showStation ? ticket.station_name : null].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Badge size="xl" color={LEVEL_COLOR[level]} variant={level === 'ok' ? 'light' : 'filled'} autoContrast>
            {t(`kitchen.waiting.${level}`, { minutes: formatInteger(minutes, lang) })}
          </Badge>
        </Group>
        {ticket.status === 'ready' && view === 'open' && (
          <Badge color="teal" variant="filled" autoContrast mt={6} size="lg">
            {t('kitchen.status_ready')}
          </Badge>
        )}
      </div>
      <ul className={css.lines}>
        {ticket.lines.map((line) => (
          <TicketLine key={line.id} line={line} disabled={busy || view !== 'open'} onReady={() => onLineReady(line)} />
        ))}
      </ul>
      <Group className={css.actions} gap="xs" grow>
        {view === 'open' ? (
          <>
            <Button
              size="md"
              color="teal"
              leftSection={<IconChecks size={20} />}
              disabled={busy || ticket.status === 'ready'}
              onClick={() => onAction('ready')}
            >
              {t('kitchen.ready')}
            </Button>
            <Button size="md" leftSection={<IconCheck size={20} />} disabled={busy} onClick={() => onAction('done')}>
              {t('kitchen.done')}
            </Button>
          </>
        ) : (
          <Button size="md" variant="light" leftSection={<IconArrowBackUp size={20} />} disabled={busy} onClick={() => onAction('recall')}>
            {t('kitchen.recall')}
          </Button>
        )}
        <Button size="md" variant="default" leftSection={<IconPrinter size={20} />} onClick={onPrint}>
          {t('kitchen.print')}
        </Button>
      </Group>
    </article>
  );
}
