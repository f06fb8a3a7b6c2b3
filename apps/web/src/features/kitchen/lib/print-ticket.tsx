import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { KitchenTicket } from '@posauto/shared/schemas/restaurant';
import { currentLanguage, isRtl } from '../../../lib/i18n';
import { TicketPaper } from '../components/ticket-paper';

const ROOT_ID = 'kitchen-ticket-print-root';
const PX_PER_MM = 96 / 25.4;
const AFTERPRINT_FALLBACK_MS = 20_000;
/** Fonts the ticket may use: the browser fetches only the files whose unicode-range the text needs. */
const FONT_FACES = ['Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic'].flatMap((family) =>
  [400, 700].map((weight) => `${weight} 14px "${family}"`),
);

/**
 * Print CSS, as the receipts do it: off-screen on screen (so fonts load and the height can be measured); in print the
 * only thing on the page, on a roll as long as the ticket (`80mm auto` is not valid for Chromium, which falls back to A4).
 */
function printCss(heightMm: number): string {
  return `
@media screen { #${ROOT_ID} { position: fixed; top: 0; left: -10000px; width: 80mm; visibility: hidden; pointer-events: none; } }
@media print {
  @page { size: 80mm ${Math.ceil(heightMm)}mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${ROOT_ID}) { display: none !important; }
  #${ROOT_ID} { display: block !important; position: static; width: auto; visibility: visible; }
}`;
}

async function printOne(ticket: KitchenTicket): Promise<void> {
  const lang = currentLanguage();
  const container = document.createElement('div');
  container.id = ROOT_ID;
  container.lang = lang;
  container.dir = isRtl(lang) ? 'rtl' : 'ltr';
  const style = document.createElement('style');
  style.textContent = printCss(297);
  document.head.append(style);
  document.body.append(container);
  const root = createRoot(container);
  try {
    flushSync(() => root.render(<TicketPaper ticket={ticket} />));
    const text = container.textContent ?? '';
    await Promise.all(FONT_FACES.map((face) => document.fonts?.load(face, text).catch(() => [])));
    await document.fonts?.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const height = (container.firstElementChild?.getBoundingClientRect().height ?? 0) / PX_PER_MM;
    style.textContent = printCss(height + 4);
    // Chromium blocks in print() until the dialog closes (or prints at once with --kiosk-printing); another browser
    // may return at once, so the ticket stays up until `afterprint` (or a while, if that never comes).
    await new Promise<void>((resolve) => {
      window.addEventListener('afterprint', () => resolve(), { once: true });
      window.print();
      window.setTimeout(resolve, AFTERPRINT_FALLBACK_MS);
    });
  } finally {
    root.unmount();
    container.remove();
    style.remove();
  }
}

/** One print at a time: tickets that arrive together print one after another, never over each other. */
let queue: Promise<void> = Promise.resolve();

/** Prints a kitchen ticket on 80 mm paper through the browser's print dialog. */
export function printTicket(ticket: KitchenTicket): Promise<void> {
  const next = queue.then(() => printOne(ticket));
  queue = next.catch(() => undefined);
  return next;
}
