import { useLayoutEffect, useRef } from 'react';
import JsBarcode from 'jsbarcode';
import { isValidEan13 } from '@posauto/shared/barcode';
import type { BarcodeKind } from '@posauto/shared/barcode';

export interface BarcodeSvgProps {
  value: string;
  kind: BarcodeKind | null;
  /** Bar height in SVG units (the SVG scales to its box). */
  height?: number;
  fontSize?: number;
  className?: string;
  /** Scales the drawing to the width of its box (labels); otherwise its natural size. */
  fit?: boolean;
}

/** A barcode drawn as SVG: EAN-13 when the code is a valid one of that kind, Code 128 otherwise. */
export function BarcodeSvg({ value, kind, height = 50, fontSize = 14, className, fit }: BarcodeSvgProps) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const format = kind !== 'code128' && isValidEan13(value) ? 'EAN13' : 'CODE128';
    try {
      JsBarcode(svg, value, { format, height, fontSize, margin: 4, textMargin: 1, width: 2, background: 'transparent' });
    } catch {
      svg.replaceChildren();
    }
    if (fit) {
      // JsBarcode sets a viewBox; without a fixed size CSS fits the drawing to the label, proportions kept.
      svg.removeAttribute('width');
      svg.removeAttribute('height');
    }
  }, [value, kind, height, fontSize, fit]);
  return <svg ref={ref} className={className} role="img" aria-label={value} data-testid="barcode-svg" />;
}
