import { Fragment, type ReactNode } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../crud/list-state';

type Choice = { value: string; label: string };

/** A choice kept in the address under its key (a branch, a status, a supplier...). */
export interface SelectFilter {
  kind: 'select';
  key: string;
  /** Translation keys: the select's accessible name, and what no choice means ("All branches"). */
  label: string;
  placeholder: string;
  data: Choice[];
  width: number;
  searchable?: boolean;
  /** Kept in the address but not offered (a shop of one branch has no branch to choose). */
  hidden?: boolean;
  testId?: string;
}

/** A day (yyyy-mm-dd) in the address: the first or last day of the period. */
export interface DateFilter {
  kind: 'date';
  key: string;
  label: string;
  testId?: string;
}

/** A filter with a control of its own (a customer found by typing, a number of days). */
export interface CustomFilter {
  kind: 'custom';
  key: string;
  render: (value: string | undefined, set: (value: string | null) => void) => ReactNode;
}

export type DocumentFilter = SelectFilter | DateFilter | CustomFilter;

/** From and to, each a day, labelled by the list's own words (`<ns>.from`, `<ns>.to`). */
export function periodFilters(ns: string): DateFilter[] {
  return [
    { kind: 'date', key: 'from', label: `${ns}.from`, testId: 'filter-from' },
    { kind: 'date', key: 'to', label: `${ns}.to`, testId: 'filter-to' },
  ];
}

/** The branch choice, offered only when the shop has more than one branch. */
export function branchFilter(
  branches: readonly { id: string; name: string }[] | undefined,
  words: { label: string; placeholder: string },
  width: number,
  testId?: string,
): SelectFilter {
  return {
    kind: 'select',
    key: 'branch_id',
    ...words,
    data: (branches ?? []).map((b) => ({ value: b.id, label: b.name })),
    width,
    hidden: (branches?.length ?? 0) <= 1,
    testId,
  };
}

/** The choices of a fixed list of values (statuses), each labelled by its translation. */
export function choicesOf(values: readonly string[], label: (value: string) => string): Choice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** The filters of a document list, in the order the list names them; values live in the address with the rest of the list. */
export function DocumentFilters({
  filters,
  state,
  update,
}: {
  filters: readonly DocumentFilter[];
  state: ListState;
  update: (patch: Partial<ListState>) => void;
}) {
  const { t } = useTranslation();
  const set = (key: string) => (value: string | null) => update({ filters: { [key]: value || undefined } });
  return filters.map((f) => {
    const value = state.filters[f.key];
    if (f.kind === 'custom') return <Fragment key={f.key}>{f.render(value, set(f.key))}</Fragment>;
    if (f.kind === 'date')
      return (
        <TextInput
          key={f.key}
          type="date"
          label={t(f.label)}
          value={value ?? ''}
          onChange={(e) => set(f.key)(e.currentTarget.value)}
          w={150}
          data-testid={f.testId}
        />
      );
    if (f.hidden) return null;
    return (
      <Select
        key={f.key}
        aria-label={t(f.label)}
        placeholder={t(f.placeholder)}
        data={f.data}
        value={value ?? null}
        onChange={set(f.key)}
        clearable
        searchable={f.searchable}
        w={f.width}
        data-testid={f.testId}
      />
    );
  });
}

/** The keys a list keeps in the address for its filters. */
export function filterKeys(filters: readonly DocumentFilter[]): string[] {
  return filters.map((f) => f.key);
}
