/**
 * The logic every document form's lines share (adjustments, transfers, purchases, sales): the units a line may be
 * counted in, and where a failed check's messages go. Pure functions, so the screens stay thin and this is tested.
 */

/** A unit as the option lists send it: a unit of a family points at its base unit; a base unit points nowhere. */
export interface FamilyUnit {
  id: string;
  name: string;
  base_unit_id: string | null;
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * The units a line may be counted in: every unit of the family of `unitId` (the product's own unit), base included.
 * None when the unit is not known (the select is then disabled rather than offering units of another family).
 */
export function unitChoices(units: readonly FamilyUnit[], unitId: string | null | undefined): Choice[] {
  const own = units.find((u) => u.id === unitId);
  if (!own) return [];
  const base = own.base_unit_id ?? own.id;
  return units.filter((u) => (u.base_unit_id ?? u.id) === base).map((u) => ({ value: u.id, label: u.name }));
}

/** One problem a schema found, as zod reports it (only what is read here). */
export interface FoundIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

export interface SplitIssues {
  /** The form's own fields, keyed as the form names them. */
  fields: Record<string, string>;
  /** The lines' problems, keyed as `lineKey` says (a line's key, or its key and field). */
  lines: Record<string, string>;
}

/**
 * Splits a failed check into the form's fields and its lines: an issue at `lines.<index>...` goes to the line (keyed by
 * `lineKey`), any other to the field `fieldKey` names (by default the path's first step). The first message of a key
 * wins: it is the one the user should fix first. Messages are translation keys; `translate` turns them into text.
 */
export function splitIssues(
  issues: readonly FoundIssue[],
  translate: (key: string) => string,
  lineKey: (index: number, field: string | undefined) => string,
  fieldKey: (path: ReadonlyArray<PropertyKey>) => string = (path) => String(path[0]),
): SplitIssues {
  const out: SplitIssues = { fields: {}, lines: {} };
  for (const issue of issues) {
    const [head, index, field] = issue.path;
    if (head === 'lines' && typeof index === 'number') {
      out.lines[lineKey(index, field === undefined ? undefined : String(field))] ??= translate(issue.message);
    } else {
      out.fields[fieldKey(issue.path)] ??= translate(issue.message);
    }
  }
  return out;
}

/** A line with the same key as `key` changed by `patch`; the others as they were (same objects, for React). */
export function patchLine<L extends { key: string }>(lines: readonly L[], key: string, patch: Partial<L>): L[] {
  return lines.map((l) => (l.key === key ? { ...l, ...patch } : l));
}

/** A form without lines (a payment): each field's first problem, translated, keyed by the path's first step. */
export function fieldIssues(issues: readonly FoundIssue[], translate: (key: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0])] ??= translate(issue.message);
  return out;
}
