import { formatMoneyPlain, formatPercent, isCurrencyCode, money, subtractMoney, type CurrencyCode } from '@posauto/shared/money/index';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { routeByName } from '@posauto/shared/routes';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '@posauto/shared/schemas/audit-log';
import { translate, type Language } from '../../lib/i18n';

/** One audit line as read with its document (see audit-log.service.ts). */
export interface AuditRow {
  id: string;
  created_at: string;
  user_id: string | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  ip: string | null;
  kind: string;
  /** The document's own id when its row still exists (null: deleted, or not a document). */
  doc_id: string | null;
  document_number: string | null;
  sale_document: string | null;
  /** A sale's or a return's currency. */
  doc_currency: string | null;
  /** A user entity's branch (null: a shop-level user), which says which staff screen lists it. */
  target_branch_id: string | null;
  target_email: string | null;
  branch_id: string | null;
  branch_name: string | null;
  /** A transfer's receiving branch: it belongs to both. */
  to_branch_id: string | null;
  to_branch_name: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The summary stops here: a line of the list, not the whole record (the export has the same text). */
const SUMMARY_MAX = 240;

/** A label key from a raw name: written by code as snake_case, sometimes dotted ("password.reset"). */
const keyPart = (raw: string) => raw.replace(/[^a-zA-Z0-9_]/g, '_');

/** The translated label of `audit_log.<group>.<raw>`, or the raw name while it has none (a new action shows as written). */
function label(lang: Language, group: 'actions' | 'entities' | 'fields' | 'values', raw: string): string {
  const key = `audit_log.${group}.${keyPart(raw)}`;
  const text = translate(lang, key);
  return text === key ? raw : text;
}

/** The document's screen, for the entities that have one; a screen without an id of its own is found by its number. */
function linkOf(r: AuditRow): { route: string; path: string } | null {
  if (!r.doc_id) return null;
  const id = encodeURIComponent(r.doc_id);
  const at = (route: string, query = '') => ({ route, path: `${routeByName(route).path.replace(':id', id)}${query}` });
  const search = (route: string, term: string | null) => (term ? at(route, `?search=${encodeURIComponent(term)}`) : at(route));
  switch (r.entity) {
    case 'sale':
      if (r.sale_document === 'invoice') return at('invoice-detail');
      if (r.sale_document === 'quotation') return at('quotation-listing', `?open=${id}`);
      return at('edit-sale');
    case 'sale_return':
      return at('sale-return-listing', `?return=${id}`);
    case 'cash_session':
      return search('open-cash-listing', r.document_number);
    case 'purchase':
      return at('purchase-detail');
    case 'purchase_return':
      return search('purchase-return', r.document_number);
    case 'stock_transfer':
      return at('stock-transfer-detail');
    case 'stock_adjustment':
      return at('stock-adjustment-detail');
    case 'product':
      return at('edit-product');
    case 'role':
      return at('edit-role');
    case 'user':
      return search(r.target_branch_id ? 'branch-user-management' : 'user-management', r.target_email);
    default:
      return null;
  }
}

/** What a value's text depends on besides itself: the language, the entry, and the currency of its document. */
interface Formatting {
  lang: Language;
  entity: string;
  /** A sale's or a return's own currency: their money figures are written in its minor units. */
  currency: string | null;
}

/** Money figures that sales and returns write in minor units (integers). */
const DOCUMENT_MINOR_KEYS = new Set(['total', 'settled', 'refund_amount', 'catalogue_price', 'price']);

/**
 * The currency of an integer amount written in minor units, or null when the value is not one: a cash session's
 * figures (counted_usd, or `amount` beside its `currency`), a sale's or return's money (a refund in its own currency).
 */
function minorCurrency(key: string, f: Formatting, where: Record<string, unknown>): CurrencyCode | null {
  let currency: unknown;
  if (f.entity === 'cash_session') {
    const suffix = /_(usd|khr)$/.exec(key)?.[1];
    currency = suffix ? suffix.toUpperCase() : key === 'amount' ? where.currency : undefined;
  } else if ((f.entity === 'sale' || f.entity === 'sale_return') && DOCUMENT_MINOR_KEYS.has(key)) {
    currency = key === 'refund_amount' ? where.refund_currency : f.currency;
  }
  return typeof currency === 'string' && isCurrencyCode(currency) ? currency : null;
}

/** A close's difference per currency (counted - expected), where it is not zero: why the close is in its kind. */
function differences(detail: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const currency of ['USD', 'KHR'] as const) {
    const suffix = currency.toLowerCase();
    const expected = detail[`expected_${suffix}`];
    const counted = detail[`counted_${suffix}`];
    if (typeof expected !== 'number' || typeof counted !== 'number' || !Number.isSafeInteger(expected) || !Number.isSafeInteger(counted))
      continue;
    const d = subtractMoney(money(counted, currency), money(expected, currency));
    if (d.amount !== 0) out.push(`${d.amount > 0 ? '+' : ''}${formatMoneyPlain(d)}`);
  }
  return out;
}

/** Whether a key says nothing to a reader: an id, under its own name or another (approved_by, into). */
const isId = (key: string, value: unknown) => key === 'id' || key.endsWith('_id') || (typeof value === 'string' && UUID.test(value));

/** The currency key an amount already names ("5.00 USD"): not repeated on its own. */
function namedByAmount(key: string, f: Formatting, where: Record<string, unknown>): boolean {
  if (key === 'currency') return f.entity === 'cash_session' && typeof where.amount === 'number';
  if (key === 'refund_currency') return minorCurrency('refund_amount', f, where) !== null && typeof where.refund_amount === 'number';
  return false;
}

function valueText(f: Formatting, key: string, value: unknown, where: Record<string, unknown>): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    const currency = minorCurrency(key, f, where);
    if (currency) return formatMoneyPlain(money(value, currency));
    // A sale's discount is written in hundredths of a percent (an approval's as text already).
    if (key === 'discount_percent' && f.entity === 'sale') return formatPercent(value);
  }
  if (typeof value === 'boolean') return translate(f.lang, value ? 'audit_log.yes' : 'audit_log.no');
  if (typeof value === 'string') return /^[a-z_]+$/.test(value) ? label(f.lang, 'values', value) : value;
  if (Array.isArray(value)) {
    const items = value
      // Changed fields are named the way the screen names them; a list of records (edited lines) one by one.
      .map((v) => (typeof v === 'string' && key === 'changed' ? label(f.lang, 'fields', v) : valueText(f, key, v, where)))
      .filter((v): v is string => v !== null);
    return items.length ? items.join(', ') : null;
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('from' in o && 'to' in o) return `${String(o.from)} → ${String(o.to)}`;
    const inner = Object.entries(o)
      .filter(([k, v]) => !isId(k, v))
      .map(([k, v]) => {
        const text = valueText(f, k, v, o);
        return text === null ? null : `${label(f.lang, 'fields', k)} ${text}`;
      })
      .filter((v): v is string => v !== null);
    return inner.length ? `(${inner.join(', ')})` : null;
  }
  return String(value);
}

/** The details as written: an object of plain values, or what the text says when it is not one. */
function parseDetail(text: string | null): Record<string, unknown> | string {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : text;
  } catch {
    return text;
  }
}

/** Where the details name the document, for an entry whose document is gone (a deleted product, role or user). */
const NUMBER_KEYS = ['invoice_number', 'return_number', 'session_number', 'purchase_number', 'transfer_number', 'adjustment_number'];
const NAME_KEYS: Record<string, string> = { product: 'product_name', role: 'name', user: 'email' };

function numberFromDetail(entity: string, d: Record<string, unknown>): string | null {
  for (const key of [...NUMBER_KEYS, NAME_KEYS[entity] ?? '']) if (typeof d[key] === 'string' && d[key]) return d[key] as string;
  return null;
}

/**
 * `detail` as "Label: value" pairs. Ids say nothing to a reader and the document number is a column of its own; a
 * currency that an amount already names is not repeated. Unknown keys and values show as written, so new details
 * appear at once.
 */
export function summarize(f: Formatting, detail: Record<string, unknown> | string, documentNumber: string | null): string {
  if (typeof detail === 'string') return detail.slice(0, SUMMARY_MAX);
  // Label -> values: the dollars and riel of one figure ("Counted: 20.00 USD, 40000 KHR") share their label.
  const parts = new Map<string, string[]>();
  const add = (name: string, text: string) => parts.set(name, [...(parts.get(name) ?? []), text]);
  for (const [key, value] of Object.entries(detail)) {
    if (isId(key, value) || namedByAmount(key, f, detail)) continue;
    if (typeof value === 'string' && value === documentNumber) continue;
    const text = valueText(f, key, value, detail);
    if (text !== null) add(label(f.lang, 'fields', key), text);
  }
  if (f.entity === 'cash_session') for (const d of differences(detail)) add(label(f.lang, 'fields', 'difference'), d);
  // Right to left, each value is isolated (FSI ... PDI): "63.29 USD" keeps its number beside its currency.
  const isolate = RTL_LANGUAGES.includes(f.lang) ? (v: string) => `\u2068${v}\u2069` : (v: string) => v;
  const out = [...parts].map(([name, values]) => `${name}: ${isolate(values.join(', '))}`).join(' · ');
  return out.length > SUMMARY_MAX ? `${out.slice(0, SUMMARY_MAX - 1)}…` : out;
}

/** The answer for one row, in the caller's language. */
export function toEntry(lang: Language, r: AuditRow): AuditEntry {
  const link = linkOf(r);
  const detail = parseDetail(r.detail);
  const number = r.document_number ?? (typeof detail === 'string' ? null : numberFromDetail(r.entity, detail));
  return {
    id: r.id,
    created_at: r.created_at,
    user_id: r.user_id,
    user_name: r.user_name,
    action: r.action,
    action_label: label(lang, 'actions', r.action),
    entity: r.entity,
    entity_label: label(lang, 'entities', r.entity),
    entity_id: r.entity_id,
    kind: (AUDIT_KINDS as readonly string[]).includes(r.kind) ? (r.kind as AuditKind) : 'other',
    document_number: number,
    link: link?.path ?? null,
    link_route: link?.route ?? null,
    branch_id: r.branch_id,
    branch_name: r.to_branch_name && r.branch_name ? `${r.branch_name} → ${r.to_branch_name}` : r.branch_name,
    summary: summarize({ lang, entity: r.entity, currency: r.doc_currency }, detail, number),
    ip: r.ip,
  };
}
