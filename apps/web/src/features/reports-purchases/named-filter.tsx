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
