import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { PreBill } from '@posauto/shared/schemas/restaurant';
import { currentLanguage, isRtl } from '../../../lib/i18n';
import { PreBillPaper } from '../components/pre-bill-paper';

const ROOT_ID = 'pre-bill-print-root';
const PX_PER_MM = 96 / 25.4;
const FONT_FACES = ['Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic'].flatMap((family) => [400, 700].map((w) => `${w} 12px "${family}"`));

/** As the receipts print: off-screen on screen, the only thing on the page in print, the page as long as the paper. */
function printCss(heightMm: number): string {
  return `
@media screen { #${ROOT_ID} { position: fixed; top: 0; left: -10000px; width: 80mm; visibility: hidden; pointer-events: none; } }
@media print {
  @page { size: 80mm ${Math.ceil(heightMm)}mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${ROOT_ID}) { display: none !important; }
  #${ROOT_ID} { display: block !important; position: static; width: auto; }
}`;
}

/** Prints the pre-bill on 80 mm paper (the bundled Noto fonts shape the Khmer), then takes the print container down. */
export async function printPreBillPaper(bill: PreBill, currency: string): Promise<void> {
  document.getElementById(ROOT_ID)?.remove();
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
  flushSync(() => root.render(<PreBillPaper bill={bill} currency={currency} lang={lang} />));
  const text = container.textContent ?? '';
  await Promise.all(FONT_FACES.map((face) => document.fonts?.load(face, text).catch(() => [])));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  style.textContent = printCss((container.firstElementChild?.getBoundingClientRect().height ?? 0) / PX_PER_MM + 2);
  const takeDown = () => {
    root.unmount();
    container.remove();
    style.remove();
  };
  window.addEventListener('afterprint', takeDown, { once: true });
  window.print();
  window.setTimeout(() => container.isConnected && takeDown(), 30_000);
}
