// The pieces the printed documents share: the shop's letterhead lines, and the thermal receipts' rows, head, items
// and foot (the sale's receipt and the return's are the same paper).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptProfile } from '@posauto/shared/schemas/receipts';
import { receiptQuantity } from '../lib/receipt-format';
import { addressOf, branchOf, type ReceiptText } from './receipt-parts';
import classes from './receipt.module.css';

/** The receipt's words (sales_ui.receipt.*), in the language i18next is in. */
export function useReceiptText(): ReceiptText {
  const { t } = useTranslation();
  return (key, values) => t(`sales_ui.receipt.${key}`, values);
}

/** The class names the letterhead uses, from the document's own CSS module. */
interface LetterheadClasses {
  readonly [name: string]: string;
}

export function ShopLogo({ profile, css }: { profile: ReceiptProfile; css: LetterheadClasses }) {
  return profile.show_logo && profile.logo_url ? <img className={css.logo} src={profile.logo_url} alt="" /> : null;
}

/** The shop's name, its branch (when named otherwise), address, phone and (when asked) VAT number. */
export function ShopLines(p: { profile: ReceiptProfile; branchId: string; css: LetterheadClasses; vatin?: boolean }) {
  const { profile, css } = p;
  const k = useReceiptText();
  const branch = branchOf({ branch_id: p.branchId }, profile);
  const { address, phone } = addressOf({ branch_id: p.branchId }, profile);
  return (
    <>
      <p className={css.shop}>{profile.shop_name}</p>
      {branch && branch.name !== profile.shop_name && <p className={css.muted}>{branch.name}</p>}
      {profile.show_address && address && <p className={css.muted}>{address}</p>}
      {phone && (
        <p className={css.muted}>
          {k('phone')}: <span className={css.ltr}>{phone}</span>
        </p>
      )}
      {p.vatin && profile.show_vatin && profile.vatin && (
        <p className={css.muted}>
          {k('vatin')}: <span className={css.ltr}>{profile.vatin}</span>
        </p>
      )}
    </>
  );
}

/** A thermal receipt's head: the letterhead, the document's title, and whether it is void or a reprint. */
export function ReceiptHead(p: {
  profile: ReceiptProfile;
  branchId: string;
  vatin?: boolean;
  title: string;
  isVoid: boolean;
  reprint?: boolean;
}) {
  const k = useReceiptText();
  return (
    <>
      <header className={classes.center}>
        <ShopLogo profile={p.profile} css={classes} />
        <ShopLines profile={p.profile} branchId={p.branchId} css={classes} vatin={p.vatin} />
      </header>
      <p className={classes.title}>{p.title}</p>
      {p.isVoid && <p className={classes.banner}>{k('void_mark')}</p>}
      {p.reprint && <p className={classes.banner}>{k('reprint_mark')}</p>}
    </>
  );
}

/** A label and an amount (or a number, a name), the amount kept left to right. */
export function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <tr className={className}>
      <td>{label}</td>
      <td>
        <span className={classes.ltr}>{value}</span>
      </td>
    </tr>
  );
}

/** An item on a thermal receipt: its name, then its quantity and unit (and what follows them) against its amount. */
export function ReceiptItem(p: {
  name: string;
  quantity: string;
  unit: string | null;
  after?: string;
  amount: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={classes.item} data-testid={p.testId}>
      <div className={classes.itemName}>{p.name}</div>
      <div className={classes.itemLine}>
        <span className={classes.ltr}>
          {receiptQuantity(p.quantity)}
          {p.unit ? ` ${p.unit}` : ''}
          {p.after}
        </span>
        <span className={classes.ltr}>{p.amount}</span>
      </div>
      {p.children}
    </div>
  );
}

/** The shop's footer text under a rule. */
export function ReceiptFoot({ footer }: { footer: string | null }) {
  return (
    <>
      <hr className={classes.rule} />
      {footer && <p className={classes.footer}>{footer}</p>}
    </>
  );
}

/** The QR code of the invoice number (markup made by `qrcode` from the number: no user HTML goes in). */
export function InvoiceQr({ svg, label, className }: { svg: string; label: string; className: string | undefined }) {
  return <div className={className} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
