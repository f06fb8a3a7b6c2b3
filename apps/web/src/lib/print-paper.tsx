import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { currentLanguage, isRtl } from './i18n';

export type PrintPaper = 80 | 'a4';

const PX_PER_MM = 96 / 25.4;
const AFTERPRINT_FALLBACK_MS = 30_000;
/** The bundled fonts a paper may need (Khmer must be shaped by the browser: a thermal driver's fonts cannot). */
const FONT_FACES = ['Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic'].flatMap((family) =>
  [400, 700].map((weight) => `${weight} 12px "${family}"`),
);

/**
 * On screen the container sits off-screen and invisible (its fonts load and its height can be measured); in print it
 * is all there is. An 80 mm roll is one page as long as the paper: Chromium does not take `size: 80mm auto` (it falls
 * back to A4 and cuts the roll into pages), so the measured length is written, with no margin.
 */
function printCss(id: string, paper: PrintPaper, heightMm: number): string {
  const page = paper === 'a4' ? 'size: A4; margin: 14mm;' : `size: 80mm ${Math.ceil(heightMm)}mm; margin: 0;`;
  return `
@media screen {
  #${id} { position: fixed; top: 0; left: -10000px; width: ${paper === 'a4' ? '182mm' : '80mm'}; visibility: hidden; pointer-events: none; }
}
@media print {
  @page { ${page} }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${id}) { display: none !important; }
  #${id} { display: block !important; position: static; width: auto; visibility: visible; }
}`;
}

/** The paper up under each id, to take down when it has printed or when another replaces it. */
const up = new Map<string, () => void>();

/**
 * Prints one paper (a cash report, a kitchen ticket, a pre-bill) through the browser's print dialog, in the bundled Noto
 * fonts and the page's language and direction. Resolves once the browser's print() has returned (Chromium returns when
 * the dialog closes, or at once with --kiosk-printing); the paper is taken down on `afterprint`, after a while for a
 * browser that never says, or when another paper with the same id replaces it.
 */
export async function printPaper(id: string, paper: PrintPaper, content: ReactElement): Promise<void> {
  up.get(id)?.();
  const lang = currentLanguage();
  const container = document.createElement('div');
  container.id = id;
  container.lang = lang;
  container.dir = isRtl(lang) ? 'rtl' : 'ltr';
  const style = document.createElement('style');
  style.textContent = printCss(id, paper, 297);
  document.head.append(style);
  document.body.append(container);
  const root = createRoot(container);
  const takeDown = () => {
    if (up.get(id) !== takeDown) return;
    up.delete(id);
    root.unmount();
    container.remove();
    style.remove();
  };
  up.set(id, takeDown);
  flushSync(() => root.render(content));
  const text = container.textContent ?? '';
  await Promise.all(FONT_FACES.map((face) => document.fonts?.load(face, text).catch(() => [])));
  await document.fonts?.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const height = (container.firstElementChild?.getBoundingClientRect().height ?? 0) / PX_PER_MM;
  style.textContent = printCss(id, paper, height + 4);
  window.addEventListener('afterprint', takeDown, { once: true });
  window.print();
  window.setTimeout(takeDown, AFTERPRINT_FALLBACK_MS);
}
