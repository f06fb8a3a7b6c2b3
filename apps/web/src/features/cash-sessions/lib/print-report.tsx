import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { currentLanguage, i18n, isRtl } from '../../../lib/i18n';
import { CashSessionReport } from '../components/cash-session-report';

export type PrintPaper = 80 | 'a4';

const ROOT_ID = 'cash-report-print-root';
const PX_PER_MM = 96 / 25.4;
/** The bundled fonts the report may need (Khmer must be shaped by the browser: a thermal driver's fonts cannot). */
const FONT_FACES = ['Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic'].flatMap((family) =>
  [400, 700].map((weight) => `${weight} 12px "${family}"`),
);

let current: { root: Root; container: HTMLElement; style: HTMLStyleElement } | null = null;

function takeDown(): void {
  if (!current) return;
  current.root.unmount();
  current.container.remove();
  current.style.remove();
  current = null;
}

/**
 * On screen the container sits off-screen and invisible (its fonts load and its height can be measured); in print it
 * is all there is. The 80 mm roll is one page as long as the report: Chromium does not take `size: 80mm auto` (it
 * falls back to A4 and cuts the roll into pages), so the measured length is written, with no margin.
 */
function printCss(paper: PrintPaper, heightMm: number): string {
  const page = paper === 'a4' ? 'size: A4; margin: 14mm;' : `size: 80mm ${Math.ceil(heightMm)}mm; margin: 0;`;
  return `
@media screen {
  #${ROOT_ID} { position: fixed; top: 0; left: -10000px; width: ${paper === 'a4' ? '182mm' : '80mm'}; visibility: hidden; pointer-events: none; }
}
@media print {
  @page { ${page} }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${ROOT_ID}) { display: none !important; }
  #${ROOT_ID} { display: block !important; position: static; width: auto; visibility: visible; }
}`;
}

/** Prints a session's end-of-day report on an 80 mm roll or A4 through the browser's print dialog. */
export async function printCashReport(session: CashSessionDetail, paper: PrintPaper): Promise<void> {
  takeDown();
  const lang = currentLanguage();
  const container = document.createElement('div');
  container.id = ROOT_ID;
  container.lang = lang;
  container.dir = isRtl(lang) ? 'rtl' : 'ltr';
  const style = document.createElement('style');
  style.textContent = printCss(paper, 297);
  document.head.append(style);
  document.body.append(container);
  const root = createRoot(container);
  current = { root, container, style };
  flushSync(() => root.render(<CashSessionReport session={session} paper={paper} t={i18n.t.bind(i18n)} lang={lang} />));
  const text = container.textContent ?? '';
  await Promise.all(FONT_FACES.map((face) => document.fonts?.load(face, text).catch(() => [])));
  await document.fonts?.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const height = (container.firstElementChild?.getBoundingClientRect().height ?? 0) / PX_PER_MM;
  style.textContent = printCss(paper, height + 4);
  const printed = current;
  window.addEventListener('afterprint', () => current === printed && takeDown(), { once: true });
  window.print();
  window.setTimeout(() => current === printed && takeDown(), 30_000);
}
