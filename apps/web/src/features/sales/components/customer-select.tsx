import { useState } from 'react';
import { Badge, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../api/sale-settings';

interface Props {
  label: string;
  description?: string;
  /** The saved choice, shown before any search (the list only holds matches of what is typed). */
  initial: { id: string; name: string } | null;
  defaultValue?: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}

/** Searches the shop's active customers on the server as the user types (a shop may have thousands). */
export function CustomerSelect({ label, description, initial, defaultValue, onChange, error }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(defaultValue ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState(initial);
  const options = useCustomerOptions(debounced);
  const found = options.data ?? [];
  const data = [
    ...(chosen && !found.some((o) => o.id === chosen.id) ? [{ value: chosen.id, label: chosen.name }] : []),
    ...found.map((o) => ({ value: o.id, label: o.member_id ? `${o.name} · ${o.member_id}` : o.name })),
  ];
  const walkIns = new Set(found.filter((o) => o.is_walk_in).map((o) => o.id));

  return (
    <Select
      label={label}
      description={description}
      placeholder={t('sale_setting.search_customer')}
      withAsterisk
      searchable
      data={data}
      value={value}
      error={error}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('common.no_match')}
      allowDeselect={false}
      data-testid="default-customer"
      onChange={(id, option) => {
        setValue(id);
        setChosen(id && option ? { id, name: option.label } : null);
        onChange(id);
      }}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{option.label}</Text>
          {walkIns.has(option.value) && (
            <Badge size="xs" variant="light">
              {t('customer.walk_in')}
            </Badge>
          )}
        </Group>
      )}
    />
  );
}
