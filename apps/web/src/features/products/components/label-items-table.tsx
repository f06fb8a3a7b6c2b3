import { NumberInput, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { MAX_COPIES, type LabelItem } from '../lib/labels';
import { RemoveRowButton } from './remove-row-button';

/** The products and variants to label, each with its number of copies. */
export function LabelItemsTable({ items, onChange }: { items: LabelItem[]; onChange: (items: LabelItem[]) => void }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('barcode_label.no_products')}
      </Text>
    );
  const set = (key: string, copies: number) => onChange(items.map((i) => (i.key === key ? { ...i, copies } : i)));
  return (
    <Table verticalSpacing={6} data-testid="label-items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('barcode_label.product')}</Table.Th>
          <Table.Th w={110}>{t('barcode_label.copies')}</Table.Th>
          <Table.Th w={40} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.key} data-testid="label-item">
            <Table.Td>
              <Text size="sm" fw={500}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                <Ltr>{item.code}</Ltr>
              </Text>
            </Table.Td>
            <Table.Td>
              <NumberInput
                size="xs"
                min={0}
                max={MAX_COPIES}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={item.copies}
                onChange={(v) => set(item.key, typeof v === 'number' ? v : 0)}
                aria-label={`${t('barcode_label.copies')} ${item.name}`}
                data-testid="label-copies"
              />
            </Table.Td>
            <Table.Td>
              <RemoveRowButton
                label={t('common.delete')}
                onClick={() => onChange(items.filter((i) => i.key !== item.key))}
                testId="label-remove"
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
