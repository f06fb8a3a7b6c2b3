import type { ReactNode } from 'react';
import { Box, Center, LoadingOverlay, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconInbox, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FirstStep, type FirstStepConfig } from './first-step';

export interface Column<T> {
  key: string;
  /** Translation key of the header. */
  header: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<T extends { id: string }> {
  columns: Column<T>[];
  rows: T[];
  loading: boolean;
  sort: string | undefined;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
  emptyText: string;
  /** Shown instead of emptyText when the list holds nothing at all: a sentence and a button for its first step. */
  firstStep?: FirstStepConfig;
}

export function DataTable<T extends { id: string }>({
  columns,
  rows,
  loading,
  sort,
  order,
  onSort,
  emptyText,
  firstStep,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Box pos="relative" mih={160}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} zIndex={5} />
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="data-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => {
                const active = sort === c.key;
                const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <Table.Th key={c.key} w={c.width} style={{ textAlign: c.align ?? 'start' }} aria-sort={ariaSort}>
                    {c.sortable ? (
                      <UnstyledButton
                        onClick={() => onSort(c.key)}
                        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700 }}
                        aria-label={`${t(c.header)}: ${t(active && order === 'asc' ? 'common.sort_desc' : 'common.sort_asc')}`}
                      >
                        {t(c.header)}
                        {active ? (
                          order === 'asc' ? (
                            <IconSortAscending size={14} />
                          ) : (
                            <IconSortDescending size={14} />
                          )
                        ) : (
                          <IconArrowsSort size={14} opacity={0.4} />
                        )}
                      </UnstyledButton>
                    ) : (
                      t(c.header)
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: c.align ?? 'start' }}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && rows.length === 0 && (
        <Center py="xl">
          {firstStep ? (
            <FirstStep {...firstStep} />
          ) : (
            <Stack align="center" gap={4}>
              <IconInbox size={40} stroke={1.3} opacity={0.5} />
              <Text c="dimmed">{emptyText}</Text>
            </Stack>
          )}
        </Center>
      )}
    </Box>
  );
}
