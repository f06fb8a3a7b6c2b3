import type { CSSProperties } from 'react';
import { formatPrice } from '../lib/display';
import { paginate, type LabelItem, type LabelLayout } from '../lib/labels';
import type { Language } from '@posauto/shared/i18n/index';
import { BarcodeSvg } from './barcode-svg';
import classes from './label-sheet.module.css';

export interface LabelOptions {
  name: boolean;
  price: boolean;
  sku: boolean;
}

export interface LabelSheetProps {
  labels: readonly LabelItem[];
  layout: LabelLayout;
  options: LabelOptions;
  lang: Language;
  testId?: string;
}

const mm = (n: number) => `${n}mm`;

function Label({ item, layout, options, lang }: { item: LabelItem; layout: LabelLayout; options: LabelOptions; lang: Language }) {
  // Text scales with the label: 37 mm high labels get about 8 pt names.
  const base = Math.max(5.5, Math.min(9, layout.label.h / 4.4));
  return (
    <div className={classes.label} style={{ width: mm(layout.label.w), height: mm(layout.label.h) }} data-testid="label">
      {options.name && (
        <div className={classes.name} style={{ fontSize: `${base}pt` }} dir="auto">
          {item.name}
        </div>
      )}
      {options.price && (
        <div className={classes.price} style={{ fontSize: `${base + 1}pt` }} dir="ltr">
          {formatPrice(item.price, item.currency, lang)}
        </div>
      )}
      <div className={classes.bars} dir="ltr">
        <BarcodeSvg value={item.code} kind={item.kind} height={40} fontSize={13} fit />
      </div>
      {options.sku && item.code !== item.sku && (
        <div className={classes.sku} style={{ fontSize: `${base - 1}pt` }} dir="ltr">
          {item.sku}
        </div>
      )}
    </div>
  );
}

/** The labels laid out on pages of the chosen stock, at their real size. */
export function LabelSheet({ labels, layout, options, lang, testId }: LabelSheetProps) {
  const pages = paginate(labels, layout);
  const pageStyle: CSSProperties = {
    width: mm(layout.page.w),
    height: mm(layout.page.h),
    gridTemplateColumns: `repeat(${layout.cols}, ${mm(layout.label.w)})`,
    gridAutoRows: mm(layout.label.h),
    // The sheet's unused margin is shared equally around the labels, as on die-cut label sheets.
    padding: `${mm((layout.page.h - layout.rows * layout.label.h) / 2)} ${mm((layout.page.w - layout.cols * layout.label.w) / 2)}`,
  };
  return (
    <div className={layout.kind === 'roll' ? classes.rollPages : classes.pages} data-testid={testId}>
      {pages.map((page, i) => (
        // Labels fill a physical sheet from its top-left corner whatever the language (a used sheet restarts there).
        <div key={i} className={classes.page} style={pageStyle} dir="ltr" data-testid="label-page">
          {page.map((item, j) => (
            <Label key={`${item.key}-${j}`} item={item} layout={layout} options={options} lang={lang} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The @page rule of the layout: A4 sheets, or the roll's label size, without printer margins. */
export function pageRule(layout: LabelLayout): string {
  const size = layout.kind === 'sheet' ? 'A4 portrait' : `${mm(layout.page.w)} ${mm(layout.page.h)}`;
  return `@page { size: ${size}; margin: 0; }`;
}
