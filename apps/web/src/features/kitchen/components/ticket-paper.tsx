import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { quantityText } from '../lib/waiting';
import css from './ticket-paper.module.css';

/** The labels a changed line carries on the ticket (a new line carries none). */
export const KIND_LABEL: Record<string, string | undefined> = {
  more: 'kitchen.kind.more',
  less: 'kitchen.kind.less',
  void: 'kitchen.kind.void',
  note: 'kitchen.kind.note',
};

/** The printed ticket: plain markup and i18next's global instance, rendered outside the app's tree. */
export function TicketPaper({ ticket }: { ticket: KitchenTicket }) {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
  const lang = currentLanguage();
  return (
    <div className={css.paper}>
      <p className={css.head}>{t('kitchen.ticket_number', { number: ticket.ticket_number })}</p>
      <p className={css.head}>{ticket.table_name ?? t('kitchen.no_table')}</p>
      {ticket.station_name && <p className={css.meta}>{ticket.station_name}</p>}
      <p className={css.meta}>
        {t('kitchen.order', { number: ticket.order_number })}
        {ticket.waiter_name ? ` · ${ticket.waiter_name}` : ''}
      </p>
      <p className={css.meta}>{formatDateTime(ticket.created_at, lang)}</p>
      <hr className={css.rule} />
      {ticket.lines.map((line) => {
        const label = KIND_LABEL[line.kind];
        return (
          <div key={line.id}>
            <div className={`${css.line} ${line.kind === 'void' ? css.void : ''}`}>
              <span className={css.qty}>{quantityText(line.quantity)} ×</span>
              <span>
                {label && <span className={css.tag}>{t(label)}</span>}
                {line.name}
                {line.seat !== null ? ` (${t('kitchen.seat', { seat: line.seat })})` : ''}
              </span>
            </div>
            {line.note && <p className={css.note}>{line.note}</p>}
          </div>
        );
      })}
      <hr className={css.rule} />
    </div>
  );
}
