import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Choice } from './lines';

export interface DocumentPickerProps {
  label: string;
  description: string;
  /** What the server found for the words typed (it searches; the select does not filter again). */
  choices: Choice[];
  value: string | null;
  error?: string;
  nothingFound?: string;
  onChange: (id: string | null) => void;
  testId: string;
}

/**
 * The words typed into a document picker, a moment after typing stops: what the caller asks the server for. The
 * picker and its search go together (a return form picks the sale or purchase it returns goods from).
 */
export function useDocumentSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  return { search, setSearch, debounced };
}

/** Picks the saved document a return is made against, searched on the server by its number. */
export function DocumentPicker(props: DocumentPickerProps & { search: ReturnType<typeof useDocumentSearch> }) {
  return (
    <Select
      label={props.label}
      description={props.description}
      withAsterisk
      searchable
      searchValue={props.search.search}
      onSearchChange={props.search.setSearch}
      filter={({ options }) => options}
      data={props.choices}
      value={props.value}
      error={props.error}
      nothingFoundMessage={props.nothingFound}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}
