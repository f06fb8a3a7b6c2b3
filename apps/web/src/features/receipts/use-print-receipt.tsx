import { useCallback, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { useQueryClient } from '@tanstack/react-query';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import type { SaleDetail } from '@posauto/shared/schemas/sales';
import { currentLanguage, isRtl } from '../../lib/i18n';
import { fetchReceiptProfile, fetchReturnForPrint, fetchSaleForPrint } from './api/receipt-profile';
import { ReturnReceipt } from './components/return-receipt';
import { SaleInvoiceA4 } from './components/sale-invoice-a4';
import { SaleReceipt } from './components/sale-receipt';
import { receiptQrSvg } from './lib/qr-svg';

export type ReceiptPaper = 58 | 80 | 'a4';
export interface PrintOptions {
  /** Default: the sale settings' paper width. */
  paper?: ReceiptPaper;
  /** A reprint goes through the audited reprint route and says "Reprint" on the paper. */
  reprint?: boolean;
}

const ROOT_ID = 'receipt-print-root';
const STYLE_ID = 'receipt-print-style';
const PX_PER_MM = 96 / 25.4;
/** Fonts a receipt may use: the browser fetches only the files whose unicode-range the text needs. */
const FONT_FACES = ['Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic'].flatMap((family) =>
  [400, 500, 700].map((weight) => `${weight} 12px "${family}"`),
);
/** After this long without an `afterprint` event the print container is taken down anyway. */
const CLEANUP_FALLBACK_MS = 30_000;

let current: { root: Root; container: HTMLElement; style: HTMLStyleElement; timer?: number } | null = null;

function takeDown(): void {
  if (!current) return;
  const { root, container, style, timer } = current;
  current = null;
  if (timer !== undefined) window.clearTimeout(timer);
  root.unmount();
  container.remove();
  style.remove();
}

/**
 * Print CSS. On screen the container is laid out off-screen (so that its fonts load and its height can be measured)
 * and invisible; in print it is the only thing on the page. Thermal paper is a roll: the page is as long as the
 * receipt (`size: 80mm auto` is not valid CSS for Chromium, which then falls back to A4 and cuts the receipt into
 * pages, so the measured length is written instead).
 */
function printCss(paper: ReceiptPaper, heightMm: number): string {
  const page = paper === 'a4' ? 'size: A4; margin: 12mm;' : `size: ${paper}mm ${Math.ceil(heightMm)}mm; margin: 0;`;
  return `
@media screen {
  #${ROOT_ID} { position: fixed; top: 0; left: -10000px; width: ${paper === 'a4' ? '186mm' : `${paper}mm`}; visibility: hidden; pointer-events: none; }
}
@media print {
  @page { ${page} }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(#${ROOT_ID}) { display: none !important; }
  #${ROOT_ID} { display: block !important; position: static; width: auto; }
}`;
}

async function settled(container: HTMLElement): Promise<void> {
  const text = container.textContent ?? '';
  await Promise.all(FONT_FACES.map((face) => document.fonts?.load(face, text).catch(() => [])));
  const images = Array.from(container.querySelectorAll('img'));
  await Promise.all(
    images.map((img) =>
      Promise.race([
        img.complete && img.naturalWidth > 0 ? Promise.resolve() : img.decode().catch(() => img.remove()),
        // A logo that does not load in 4 s is left out rather than holding the queue at the till.
        new Promise<void>((resolve) =>
          window.setTimeout(() => {
            if (!img.complete) img.remove();
            resolve();
          }, 4000),
        ),
      ]),
    ),
  );
  await document.fonts?.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Renders a receipt element into the print container and waits until it is ready to print; answers the container. */
async function renderElementForPrint(element: ReactElement, paper: ReceiptPaper): Promise<HTMLElement> {
  takeDown();
  const lang = currentLanguage();
  const container = document.createElement('div');
  container.id = ROOT_ID;
  container.lang = lang;
  container.dir = isRtl(lang) ? 'rtl' : 'ltr';
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = printCss(paper, 297);
  document.head.append(style);
  document.body.append(container);
  // A root of its own, outside the app's tree: the till calls print() from anywhere, and the receipt needs no
  // provider (plain markup, i18next's global instance).
  const root = createRoot(container);
  current = { root, container, style };
  flushSync(() => root.render(element));
  await settled(container);
  const height = (container.firstElementChild?.getBoundingClientRect().height ?? 0) / PX_PER_MM;
  style.textContent = printCss(paper, height + 2);
  return container;
}

/** Renders a sale into the print container and waits until it is ready to print; answers the container. */
export async function renderForPrint(
  sale: SaleDetail,
  profile: ReceiptProfile,
  options: { paper: ReceiptPaper; reprint?: boolean; qrSvg: string | null },
): Promise<HTMLElement> {
  return renderElementForPrint(
    options.paper === 'a4' ? (
      <SaleInvoiceA4 sale={sale} profile={profile} qrSvg={options.qrSvg} reprint={options.reprint} />
    ) : (
      <SaleReceipt sale={sale} profile={profile} paper={options.paper} qrSvg={options.qrSvg} reprint={options.reprint} />
    ),
    options.paper,
  );
}

/** Hands what is in the print container to the browser's print dialog, and takes it down after. */
function printRendered(): void {
  const printed = current;
  if (!printed) return;
  window.addEventListener('afterprint', () => current === printed && takeDown(), { once: true });
  // Chromium blocks here until the dialog closes (or prints at once with --kiosk-printing).
  window.print();
  printed.timer = window.setTimeout(() => current === printed && takeDown(), CLEANUP_FALLBACK_MS);
}

/** Prints one sale: its detail and the receipt profile are read, rendered, and handed to the browser's print. */
export async function printSale(qc: ReturnType<typeof useQueryClient>, saleId: string, options: PrintOptions = {}): Promise<void> {
  const [sale, profile] = await Promise.all([fetchSaleForPrint(saleId, Boolean(options.reprint)), fetchReceiptProfile(qc)]);
  const qrSvg = await receiptQrSvg(sale.invoice_number).catch(() => null);
  await renderForPrint(sale, profile, { paper: options.paper ?? profile.paper_width, reprint: options.reprint, qrSvg });
  printRendered();
}

/**
 * Prints a return's receipt on the shop's thermal paper (80 or 58 mm, as its sales): after saving the return, or again
 * from the return list (`reprint`, audited like a sale's).
 */
export async function printSaleReturn(qc: ReturnType<typeof useQueryClient>, returnId: string, options: { reprint?: boolean } = {}) {
  const [ret, profile] = await Promise.all([fetchReturnForPrint(returnId, Boolean(options.reprint)), fetchReceiptProfile(qc)]);
  const paper = profile.paper_width;
  await renderElementForPrint(<ReturnReceipt ret={ret} profile={profile} paper={paper} reprint={options.reprint} />, paper);
  printRendered();
}

/**
 * `print(saleId, { paper, reprint })`: prints a sale's receipt (80 or 58 mm) or its A4 invoice through the
 * browser's print dialog (one click with Chromium's --kiosk-printing). Rejects when the sale cannot be read.
 */
export function usePrintReceipt() {
  const qc = useQueryClient();
  const [printing, setPrinting] = useState(false);
  const print = useCallback(
    async (saleId: string, options?: PrintOptions) => {
      setPrinting(true);
      try {
        await printSale(qc, saleId, options);
      } finally {
        setPrinting(false);
      }
    },
    [qc],
  );
  return { print, printing };
}
