import { Fragment, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatQuantity, isCurrencyCode, minorDigits, QTY_DIGITS } from '@posauto/shared/money/index';
import type { StockLevel } from '@posauto/shared/schemas/stock';
import { PageHeader } from '../../../components/page-header';
import { useItemStock } from '../api/stock-report';
import { decimalUnits } from '../lib/report-math';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';

/** The picked item as the picker hands it over. */
export interface PickedItem {
  id: string;
  product_name: string;
}

const digitsOf = (currency: string) => (isCurrencyCode(currency) ? minorDigits(currency) : 2);

/**
 * The stock filter: the stock question from the product side. Pick an item and see each branch's quantity (per
 * variant) with its value at average cost, and the total over the branches the user may see.
 */
export function StockFilter({ renderPicker }: { renderPicker: (onPick: (p: PickedItem) => void) => ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product_id') ?? undefined;
  const [pickedName, setPickedName] = useState<string | null>(null);
  const stock = useItemStock(productId);
  const rows = stock.data?.data ?? [];
  const name = pickedName ?? rows[0]?.product_name.split(' - ')[0] ?? '';

  // One group per variant (a product without variants is one group), branches by name inside it.
  const groups = new Map<string, StockLevel[]>();
  for (const r of [...rows].sort((a, b) => a.product_name.localeCompare(b.product_name) || a.branch_name.localeCompare(b.branch_name)))
    groups.set(r.variant_id ?? '', [...(groups.get(r.variant_id ?? '') ?? []), r]);
  const hasVariants = rows.some((r) => r.variant_id);

  return (
    <>
      <PageHeader />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <div style={{ flex: '1 1 320px', maxWidth: 480 }}>
              {renderPicker((p) => {
                setPickedName(p.product_name);
                setParams({ product_id: p.id }, { replace: true });
              })}
            </div>
          </Group>
          {!productId ? (
            <Text c="dimmed">{t('stock.filter.hint')}</Text>
          ) : (
            <>
              <Text fw={600} data-testid="stock-filter-item">
                {t('stock.filter.chosen')}: {name}
              </Text>
              {!stock.isFetching && !rows.length ? (
                <Text c="dimmed">{t('stock.filter.none')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped verticalSpacing="sm" data-testid="stock-filter-table">
                    <Table.Thead>
                      <Table.Tr>
                        {hasVariants && <Table.Th>{t('stock.filter.variant')}</Table.Th>}
                        <Table.Th>{t('stock.filter.branch')}</Table.Th>
                        <Table.Th style={{ textAlign: 'end' }}>{t('stock.filter.on_hand')}</Table.Th>
                        <Table.Th style={{ textAlign: 'end' }}>{t('stock.filter.average_cost')}</Table.Th>
                        <Table.Th style={{ textAlign: 'end' }}>{t('stock.filter.value')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {[...groups.entries()].map(([variant, levels]) => {
                        const currency = levels[0]!.currency;
                        const digits = digitsOf(currency);
                        const qty = levels.reduce((s, l) => s + decimalUnits(l.on_hand, QTY_DIGITS), 0);
                        const value = levels.reduce((s, l) => s + decimalUnits(l.stock_value, digits), 0);
                        const variantName = levels[0]!.product_name.includes(' - ')
                          ? levels[0]!.product_name.slice(levels[0]!.product_name.indexOf(' - ') + 3)
                          : '';
                        return (
                          <Fragment key={variant}>
                            {levels.map((l) => (
                              <Table.Tr key={l.branch_id}>
                                {hasVariants && <Table.Td>{variantName}</Table.Td>}
                                <Table.Td>{l.branch_name}</Table.Td>
                                <Table.Td style={{ textAlign: 'end' }}>
                                  <Group gap={6} justify="flex-end" wrap="nowrap">
                                    <Text size="sm" fw={600}>
                                      <span dir="ltr">{l.on_hand}</span> {l.unit_name ?? ''}
                                    </Text>
                                    {l.low && (
                                      <Badge color="red" variant="light" size="sm">
                                        {t('stock.low')}
                                      </Badge>
                                    )}
                                  </Group>
                                </Table.Td>
                                <Table.Td style={{ textAlign: 'end' }}>{formatMoneyText(l.average_cost, l.currency, lang)}</Table.Td>
                                <Table.Td style={{ textAlign: 'end' }}>{formatMoneyText(l.stock_value, l.currency, lang)}</Table.Td>
                              </Table.Tr>
                            ))}
                            <Table.Tr fw={700}>
                              {hasVariants && <Table.Td>{variantName}</Table.Td>}
                              <Table.Td>{t('stock.filter.total')}</Table.Td>
                              <Table.Td style={{ textAlign: 'end' }}>
                                <span dir="ltr">{formatQuantity(qty)}</span> {levels[0]!.unit_name ?? ''}
                              </Table.Td>
                              <Table.Td />
                              <Table.Td style={{ textAlign: 'end' }}>
                                {formatMoneyText(formatDecimal(value, digits), currency, lang)}
                              </Table.Td>
                            </Table.Tr>
                          </Fragment>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Group>
                <Button variant="subtle" onClick={() => setParams({}, { replace: true })}>
                  {t('stock.filter.change')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
