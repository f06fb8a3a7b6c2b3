import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TotalsPanel } from '../../../components/documents/totals-panel';
import { formatMoneyText } from '../../../lib/money-format';
import { currentLanguage } from '../../../lib/i18n';
import type { DraftTotals } from '../lib/totals';

/** The foot of a document being written, as the form holds it. */
export interface DocumentFootValues {
  discountType: 'percent' | 'fixed';
  discountValue: string;
  shipping: string;
  note: string;
}

export interface DocumentSummaryProps {
  values: DocumentFootValues;
  onChange: (patch: Partial<DocumentFootValues>) => void;
  currency: string;
  /** The shop's VAT: its rate (none at zero) and whether it is added on top. */
  vat: { rate: string; exclusive: boolean };
  /** The totals as typed (null while a figure cannot be read yet: dashes). */
  totals: DraftTotals | null;
  errors: Record<string, string>;
}

/** Order discount, shipping and note, beside the totals the server will store as they follow what is typed. */
export function DocumentSummary({ values, onChange, currency, vat, totals, errors }: DocumentSummaryProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const money = (v: keyof Omit<DraftTotals, 'other'>) => (totals ? formatMoneyText(totals[v], currency, lang) : '—');
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} id="doc-discount-label">
              {t('sales_ui.order_discount')}
            </Text>
            <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
              <SegmentedControl
                aria-labelledby="doc-discount-label"
                value={values.discountType}
                onChange={(v) => onChange({ discountType: v as 'percent' | 'fixed' })}
                data={[
                  { value: 'percent', label: '%' },
                  { value: 'fixed', label: currency },
                ]}
              />
              <TextInput
                aria-labelledby="doc-discount-label"
                inputMode="decimal"
                placeholder={values.discountType === 'percent' ? t('sale_docs.percent_hint') : '0'}
                value={values.discountValue}
                onChange={(e) => onChange({ discountValue: e.currentTarget.value })}
                error={errors['discount.value']}
                data-testid="doc-discount"
                style={{ flex: 1 }}
              />
            </Group>
          </div>
          <TextInput
            label={`${t('sales_ui.shipping')} (${currency})`}
            inputMode="decimal"
            value={values.shipping}
            onChange={(e) => onChange({ shipping: e.currentTarget.value })}
            error={errors.shipping}
            data-testid="doc-shipping"
          />
          <Textarea
            label={t('sales_ui.note')}
            autosize
            minRows={2}
            value={values.note}
            onChange={(e) => onChange({ note: e.currentTarget.value })}
          />
        </Stack>
        <TotalsPanel
          live
          largeStrong
          testId="doc-totals"
          lines={[
            { label: t('sales_ui.subtotal'), value: money('subtotal') },
            { label: t('sales_ui.order_discount'), value: money('discount') },
            Number(vat.rate) > 0 && {
              label: t(vat.exclusive ? 'sales_ui.vat' : 'sales_ui.vat_included', { rate: vat.rate }),
              value: money('tax'),
            },
            { label: t('sales_ui.shipping'), value: money('shipping') },
            { label: t('sales_ui.grand_total'), value: money('total'), strong: true, testId: 'doc-grand-total' },
            totals?.other && {
              label: t('sale_docs.total_in', { currency: totals.other.currency }),
              value: formatMoneyText(totals.other.amount, totals.other.currency, lang),
            },
          ]}
        />
      </SimpleGrid>
    </Paper>
  );
}
