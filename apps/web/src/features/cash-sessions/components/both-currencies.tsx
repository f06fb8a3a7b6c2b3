import { Stack, Text } from '@mantine/core';
import type { CashCurrency } from '@posauto/shared/schemas/cash-sessions';
import { currentLanguage } from '../../../lib/i18n';
import { apiMinor, formatCash } from '../lib/cash-money';

/** Dollars over riel in one cell: both currencies of the drawer, numbers left to right in every language. */
export function Both({ usd, khr, signed = false }: { usd: string | null; khr: string | null; signed?: boolean }) {
  const lang = currentLanguage();
  const color = (currency: CashCurrency, text: string | null) => {
    if (!signed || !text) return undefined;
    const d = apiMinor(currency, text);
    return d > 0 ? 'teal.8' : d < 0 ? 'red.8' : undefined;
  };
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" dir="ltr" c={color('USD', usd)} style={{ whiteSpace: 'nowrap' }}>
        {formatCash('USD', usd, lang)}
      </Text>
      <Text size="xs" dir="ltr" c={color('KHR', khr) ?? 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        {formatCash('KHR', khr, lang)}
      </Text>
    </Stack>
  );
}
