import { Popover, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product } from '@posauto/shared/schemas/products';
import { Ltr } from '../../../components/ltr';
import { toQuantity, totalStock } from '../lib/amounts';
import { formatStock } from '../lib/display';

/**
 * The on-hand total over all branches; a click shows it per branch. A product whose stock is not counted (a drink made
 * to order) has no stock to show: "—", named for screen readers, not a 0 that reads as sold out.
 */
export function StockCell({ product }: { product: Product }) {
  const { t } = useTranslation();
  if (!product.is_stock_manage)
    return (
      <Text size="sm" data-testid="stock-not-counted">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{t('product.stock_not_counted')}</VisuallyHidden>
      </Text>
    );
  const total = formatStock(totalStock(product.stock));
  if (product.stock.length === 0)
    return (
      <Text size="sm">
        <Ltr>{total}</Ltr>
      </Text>
    );
  return (
    <Popover position="bottom" withArrow shadow="md" zIndex={2000}>
      <Popover.Target>
        {/* Named by the quantity it shows, then what a press opens. */}
        <UnstyledButton data-testid="stock-total" style={{ textDecoration: 'underline dotted' }}>
          <Text size="sm">
            <Ltr>{total}</Ltr>
          </Text>
          <VisuallyHidden>{t('product.stock_by_branch')}</VisuallyHidden>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="xs" fw={700} mb={4}>
          {t('product.stock_by_branch')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} data-testid="stock-popover">
          <Table.Tbody>
            {product.stock.map((s) => (
              <Table.Tr key={s.branch_id}>
                <Table.Td>
                  <Text size="sm">{s.branch_name}</Text>
                </Table.Td>
                <Table.Td ta="end">
                  <Text size="sm" fw={500}>
                    <Ltr>{formatStock(toQuantity(s.quantity) ?? 0)}</Ltr>
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
