import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExpenseTotals } from '@posauto/shared/schemas/expenses';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoneyText as money } from '../../../lib/money-format';

/** The sums of every row the filters match: the shop currency, riel beside it at the shop's rate, what was entered. */
export function TotalsBar({ totals }: { totals: ExpenseTotals }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-default-hover)" data-testid="expense-totals">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('expenses.totals_label')} · {t('expenses.count', { count: totals.count })}
          </Text>
          <Group gap="sm" align="baseline">
            <Text fw={700} size="xl" dir="ltr" data-testid="expense-total">
              {money(totals.amount, totals.currency, lang)}
            </Text>
            {totals.currency !== 'KHR' && (
              <Text c="dimmed" dir="ltr" data-testid="expense-total-riel">
                ≈ {money(totals.amount_riel, 'KHR', lang)}
              </Text>
            )}
          </Group>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('expenses.riel_at', { rate: totals.exchange_rate })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('expenses.entered', { usd: money(totals.entered.USD, 'USD', lang), khr: money(totals.entered.KHR, 'KHR', lang) })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
