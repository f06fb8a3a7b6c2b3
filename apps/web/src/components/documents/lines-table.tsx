import type { ReactNode } from 'react';
import {
  ActionIcon,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVariantOptions } from './variant-options';

/** One column of a document's lines: its heading and what a line shows in it. */
export interface LineColumn<L> {
  id: string;
  header: ReactNode;
  cell: (line: L, index: number) => ReactNode;
}

export interface DocumentLinesTableProps<L extends { key: string }> {
  /** The product finder that adds a line, above the table. */
  picker: ReactNode;
  lines: readonly L[];
  /** Said instead of the table while there is no line yet. */
  empty: string;
  minWidth: number;
  /** The document's columns, in order; `false` leaves one out (a setting that turns it off). The remove button is always last. */
  columns: ReadonlyArray<LineColumn<L> | false>;
  /** The line's name, which makes the remove button's accessible name ("Delete Latte · LAT"). */
  nameOf: (line: L) => string;
  onRemove: (key: string) => void;
  rowTestId?: string;
}

/**
 * The lines of a document being written (an adjustment, a transfer, a purchase, a sale or invoice): the finder, then
 * one row per line with the columns the document asks for, and a remove button at the end of each row.
 */
export function DocumentLinesTable<L extends { key: string }>(props: DocumentLinesTableProps<L>) {
  const { t } = useTranslation();
  const columns = props.columns.filter((c): c is LineColumn<L> => c !== false);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {props.picker}
        {props.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            {props.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={props.minWidth}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.id}>{c.header}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.lines.map((line, index) => (
                  <Table.Tr key={line.key} data-testid={props.rowTestId}>
                    {columns.map((c) => (
                      <Table.Td key={c.id}>{c.cell(line, index)}</Table.Td>
                    ))}
                    <Table.Td>
                      <RemoveLineButton name={props.nameOf(line)} onRemove={() => props.onRemove(line.key)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function RemoveLineButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${t('common.delete')} ${name}`}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** The item of a line: its name, its code under it when it has one, and what else it asks (its variant). */
export function LineItem({ name, sku, children }: { name: string; sku?: string | null; children?: ReactNode }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {sku && (
        <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
          {sku}
        </Text>
      )}
      {children}
    </>
  );
}

/** A field's label and the line's name make its accessible name ("Quantity Latte"), so every row's fields differ. */
interface Named {
  label: string;
  name: string;
}

/** A small select in a line's cell. */
export function LineSelect({ label, name, ...rest }: Named & Omit<SelectProps, 'label' | 'size'>) {
  return <Select size="xs" aria-label={`${label} ${name}`} {...rest} />;
}

/** A small text field in a line's cell (a number by default: quantity, cost, price). */
export function LineInput({ label, name, ...rest }: Named & Omit<TextInputProps, 'label' | 'size'>) {
  return <TextInput size="xs" inputMode="decimal" aria-label={`${label} ${name}`} {...rest} />;
}

/** The variant of a catalogue product on a stock or purchase line, chosen among the product's active variants. */
export function CatalogueVariantSelect({
  productId,
  ...rest
}: Named & { productId: string; value: string | null; error?: string; onChange: (variantId: string | null) => void }) {
  const variants = useVariantOptions(productId);
  return <LineSelect mt={4} placeholder={rest.label} data={variants} {...rest} />;
}
