import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { printPaper } from '../../../lib/print-paper';
import { TicketPaper } from '../components/ticket-paper';

const ROOT_ID = 'kitchen-ticket-print-root';

/** One print at a time: tickets that arrive together print one after another, never over each other. */
let queue: Promise<void> = Promise.resolve();

/** Prints a kitchen ticket on 80 mm paper through the browser's print dialog. */
export function printTicket(ticket: KitchenTicket): Promise<void> {
  const next = queue.then(() => printPaper(ROOT_ID, 80, <TicketPaper ticket={ticket} />));
  queue = next.catch(() => undefined);
  return next;
}
