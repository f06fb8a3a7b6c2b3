import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StockAdjustmentDetail } from '@posauto/shared/schemas/stock';
import { ItemText } from '../../../components/documents/document-facts';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';

/** Adjustments and transfers share one line shape (stockDocumentLineSchema). */
type MovedLine = StockAdjustmentDetail['lines'][number];

/** What a posted adjustment or transfer moved: each line in the unit it was entered in, its base quantity and cost. */
export function MovedLines({ lines, testId }: { lines: readonly MovedLine[]; testId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder p="md" radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock_adjustment.item')}</Table.Th>
              <Table.Th>{t('stock_adjustment.quantity')}</Table.Th>
              <Table.Th>{t('stock_adjustment.base_quantity')}</Table.Th>
              <Table.Th>{t('stock_adjustment.cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <ItemText name={l.product_name} sku={l.sku_code} />
                </Table.Td>
                <Table.Td>
                  {l.quantity} {l.unit_name ?? ''}
                </Table.Td>
                <Table.Td>{l.base_quantity}</Table.Td>
                <Table.Td>{formatMoneyText(l.cost, l.currency, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
