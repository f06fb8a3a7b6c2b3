import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterUsed, ReportAnswer, UseReport } from '../../components/report';
import { choices, nameOf } from './api';

type Named = Array<{ id: string; name: string }> | undefined;

/**
 * A filter of a purchase-side report chosen among named things (a supplier, a category, a brand...), kept in the
 * address under `name`. The reports used to write each Select out; they differ only in these props.
 */
export function NamedFilter<A extends ReportAnswer>(props: {
  report: UseReport<A>;
  name: string;
  label: string;
  placeholder: string;
  list: Named;
  w: number;
  testId: string;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const { report, name } = props;
  return (
    <Select
      label={t(props.label)}
      placeholder={t(props.placeholder)}
      data={choices(props.list)}
      value={report.state.filters[name] ?? null}
      onChange={(v) => report.setFilter({ [name]: v ?? undefined })}
      searchable={props.searchable}
      clearable
      w={props.w}
      data-testid={props.testId}
    />
  );
}

/** The chosen thing as printed under the title, or nothing when the filter is not set. */
export const namedUsed = (label: string, list: Named, id: string | undefined): FilterUsed[] =>
  id ? [{ label, value: nameOf(list, id) }] : [];

/** One named filter as a report declares it once: the Select it shows and the line it prints when set. */
export type NamedFilterSpec = Omit<Parameters<typeof NamedFilter>[0], 'report'>;

/** A report's named filters side by side: the reports wrote each one out, then its label and list again for namedUsed. */
export function NamedFilters<A extends ReportAnswer>({ report, filters }: { report: UseReport<A>; filters: NamedFilterSpec[] }) {
  return filters.map((f) => <NamedFilter key={f.name} report={report} {...f} />);
}

/** What the named filters that are set print under the title, in their order. */
export const namedFiltersUsed = <A extends ReportAnswer>(t: (key: string) => string, report: UseReport<A>, filters: NamedFilterSpec[]) =>
  filters.flatMap((f) => namedUsed(t(f.label), f.list, report.state.filters[f.name]));
