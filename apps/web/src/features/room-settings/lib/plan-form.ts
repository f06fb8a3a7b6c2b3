import { minorDigits, parseDecimal, type CurrencyCode } from '@posauto/shared/money/index';
import { DAY_KINDS, validatePlan, type DayKind, type RateBand, type RatePlan } from '@posauto/shared/rooms/rates';
import { formatClock, parseClock, roomTypeInputSchema, type RoomType, type RoomTypeInput } from '@posauto/shared/schemas/rooms';

/**
 * The room type form's state and its conversions: what the dialog edits (text as typed, bands grouped by kind of
 * day), the body POST/PUT /room-types take, and the rate engine's plan (minutes and minor units) that `validatePlan`
 * checks in the browser exactly as the server will.
 */

export interface BandDraft {
  /** A stable React key: bands are added and removed in the middle of a list. */
  key: string;
  start: string;
  end: string;
  rate: string;
}

export type BandsByKind = Record<DayKind, BandDraft[]>;

export interface TypeDraft {
  name: string;
  block_minutes: number;
  first_block_minutes: number | string;
  grace_minutes: number | string;
  min_spend: string;
  cleaning_minutes: number | string;
  sort_order: number;
  bands: BandsByKind;
}

let lastKey = 0;
const newKey = () => `band-${++lastKey}`;

export const band = (start: string, end: string, rate: string): BandDraft => ({ key: newKey(), start, end, rate });

const ALL_DAY = { start: '00:00', end: '24:00' } as const;

/**
 * A new type: every kind of day one all-day band at the same rate (empty until typed: a room is never free by
 * accident), billed by the quarter hour with a first hour and five minutes of grace.
 */
export function newTypeDraft(sortOrder = 0): TypeDraft {
  const bands = Object.fromEntries(DAY_KINDS.map((k) => [k, [band(ALL_DAY.start, ALL_DAY.end, '')]])) as BandsByKind;
  return {
    name: '',
    block_minutes: 15,
    first_block_minutes: 60,
    grace_minutes: 5,
    min_spend: '0',
    cleaning_minutes: 0,
    sort_order: sortOrder,
    bands,
  };
}

/** Bands in the order of the day; a band crossing midnight (end at or before start) comes where it starts. */
const byStart = (a: { start: string }, b: { start: string }) => (parseClock(a.start) ?? 0) - (parseClock(b.start) ?? 0);

/** A saved type as the form edits it. */
export function typeToDraft(type: RoomType): TypeDraft {
  const bands = Object.fromEntries(
    DAY_KINDS.map((k) => [
      k,
      type.bands
        .filter((b) => b.day_kind === k)
        .sort(byStart)
        .map((b) => band(b.start, b.end, b.rate)),
    ]),
  ) as BandsByKind;
  return {
    name: type.name,
    block_minutes: type.block_minutes,
    first_block_minutes: type.first_block_minutes,
    grace_minutes: type.grace_minutes,
    min_spend: type.min_spend,
    cleaning_minutes: type.cleaning_minutes,
    sort_order: type.sort_order,
    bands,
  };
}

/** A number field's value: a NumberInput answers '' while empty, which the schema refuses with its own message. */
const numberOf = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** The body of POST and PUT /room-types: weekday bands first, then weekend, then holiday (flatBandIndex counts so). */
export function draftToInput(draft: TypeDraft): RoomTypeInput {
  return {
    name: draft.name.trim(),
    bands: DAY_KINDS.flatMap((k) =>
      draft.bands[k].map((b) => ({ day_kind: k, start: b.start.trim(), end: b.end.trim(), rate: b.rate.trim() })),
    ),
    block_minutes: draft.block_minutes,
    first_block_minutes: numberOf(draft.first_block_minutes),
    grace_minutes: numberOf(draft.grace_minutes),
    min_spend: draft.min_spend.trim() || '0',
    cleaning_minutes: numberOf(draft.cleaning_minutes),
    sort_order: draft.sort_order,
  };
}

/** Where band i of a kind sits in the body's flat list: the server's field errors name it `bands.<n>.<field>`. */
export function flatBandIndex(bands: BandsByKind, kind: DayKind, index: number): number {
  let n = index;
  for (const k of DAY_KINDS) {
    if (k === kind) return n;
    n += bands[k].length;
  }
  return n;
}

/**
 * An amount as the engine counts it (minor units), or null when it is not one in this currency. Trailing zeros say
 * nothing, as the server reads them: "2.500" dollars and "4100.00" riel are exact.
 */
export function rateMinor(text: string, currency: CurrencyCode): number | null {
  const trimmed = text.trim();
  const exact = trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
  try {
    const v = parseDecimal(exact, minorDigits(currency));
    return v >= 0 ? v : null;
  } catch {
    return null;
  }
}

/** One band in engine form, or null while its times or rate are not yet readable. */
export function bandToEngine(kind: DayKind, b: BandDraft, currency: CurrencyCode): RateBand | null {
  const start = parseClock(b.start.trim());
  const end = parseClock(b.end.trim());
  const rate = rateMinor(b.rate, currency);
  // "24:00" is an end only: as a start it is midnight, which is written 00:00.
  if (start === null || end === null || rate === null || start === 1440) return null;
  return { day_kind: kind, start, end, rate };
}

/** The plan the engine would charge with, or null while a band is not readable (the schema names which). */
export function draftToPlan(draft: TypeDraft, currency: CurrencyCode): RatePlan | null {
  const bands: RateBand[] = [];
  for (const k of DAY_KINDS) {
    for (const b of draft.bands[k]) {
      const engine = bandToEngine(k, b, currency);
      if (!engine) return null;
      bands.push(engine);
    }
  }
  return {
    bands,
    block_minutes: draft.block_minutes,
    first_block_minutes: numberOf(draft.first_block_minutes),
    grace_minutes: numberOf(draft.grace_minutes),
  };
}

export interface DraftProblems {
  /** Field path (as the server names it: name, bands.3.rate, grace_minutes) to a translation key. */
  fields: Record<string, string>;
  /** The plan as a whole (rooms.errors.bands_overlap, ...): shown by the band editor or by the rules. */
  plan: string | null;
}

/**
 * What stops the form from saving, as translation keys: first the body's schema (the server's own), then a rate with
 * more decimals than the currency has, then the plan's rules (validatePlan: tiling, block, grace).
 */
export function draftProblems(draft: TypeDraft, currency: CurrencyCode): DraftProblems {
  const fields: Record<string, string> = {};
  const parsed = roomTypeInputSchema.safeParse(draftToInput(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      fields[path] ??= issue.message.includes(' ') ? 'validation.invalid' : issue.message;
    }
  }
  for (const k of DAY_KINDS) {
    draft.bands[k].forEach((b, i) => {
      const at = `bands.${flatBandIndex(draft.bands, k, i)}`;
      if (!fields[`${at}.rate`] && rateMinor(b.rate, currency) === null) fields[`${at}.rate`] = 'validation.money_precision';
      if (!fields[`${at}.start`] && b.start.trim() === '24:00') fields[`${at}.start`] = 'rooms.errors.band_invalid';
    });
  }
  if (!fields.min_spend && rateMinor(draft.min_spend || '0', currency) === null) fields.min_spend = 'validation.money_precision';
  const plan = draftToPlan(draft, currency);
  const planError = plan ? validatePlan(plan) : null;
  return { fields, plan: planError };
}

/** True when a plan problem is about the block or grace rules rather than the bands. */
export const isRulesProblem = (key: string | null) => key === 'rooms.errors.block_invalid' || key === 'rooms.errors.rule_invalid';

/** True when two lists hold the same bands, as typed (keys aside). */
export const sameBands = (a: readonly BandDraft[], b: readonly BandDraft[]) =>
  a.length === b.length && a.every((x, i) => x.start === b[i]!.start && x.end === b[i]!.end && x.rate === b[i]!.rate);

/** The weekday bands, copied (new keys) to the weekend and holiday. */
export function copyWeekday(bands: BandsByKind): BandsByKind {
  const copy = () => bands.weekday.map((b) => band(b.start, b.end, b.rate));
  return { weekday: bands.weekday, weekend: copy(), holiday: copy() };
}

const DAY = 1440;
/** Pieces of the clock a band covers: a band crossing midnight is [start, 1440) and [0, end). */
export function pieces(start: number, end: number): [number, number][] {
  return end > start ? [[start, end]] : [[start, DAY], ...(end > 0 ? [[0, end] as [number, number]] : [])];
}

/**
 * The band "Add band" proposes: the first part of the day no band covers (at the last band's rate), or else the
 * second half of the longest band, which then ends where the new one starts (on a quarter hour): the plan stays whole.
 * Answers the new list.
 */
export function addBand(list: readonly BandDraft[]): BandDraft[] {
  const rate = list.at(-1)?.rate ?? '';
  const read = list.map((b) => ({ b, start: parseClock(b.start.trim()), end: parseClock(b.end.trim()) }));
  if (read.some((r) => r.start === null || r.end === null || r.start === DAY)) return [...list, band(ALL_DAY.start, ALL_DAY.end, rate)];
  const covered = read.flatMap((r) => pieces(r.start!, r.end!)).sort((a, b) => a[0] - b[0]);
  let cursor = 0;
  for (const [s, e] of [...covered, [DAY, DAY] as [number, number]]) {
    if (s > cursor) return [...list, band(formatClock(cursor), formatClock(s), rate)];
    cursor = Math.max(cursor, e);
  }
  const length = (r: (typeof read)[number]) => (r.end! > r.start! ? r.end! - r.start! : DAY - r.start! + r.end!);
  const longest = read.reduce((a, r) => (length(r) > length(a) ? r : a), read[0]!);
  if (!longest || length(longest) < 30) return [...list, band(ALL_DAY.start, ALL_DAY.end, rate)];
  const middle = (longest.start! + Math.floor(length(longest) / 2 / 15) * 15) % DAY;
  const index = list.indexOf(longest.b);
  // A split at midnight: the first half ends at "24:00" (an end of 00:00 is no end at all).
  const split = { ...longest.b, end: formatClock(middle === 0 ? DAY : middle) };
  const second = band(formatClock(middle), longest.b.end, longest.b.rate);
  return [...list.slice(0, index), split, second, ...list.slice(index + 1)];
}
