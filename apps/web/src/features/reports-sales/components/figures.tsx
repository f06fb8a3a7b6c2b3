import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import { reportCurrency, showMoney, showNumber, showRiel } from '../../../components/report';
import { khmerDate, localeOf } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export interface Figure {
  /** Translation key of the label. */
  label: string;
  /** Undefined while the report loads: the card keeps its place and height. */
  value: string | number | undefined;
  kind?: 'money' | 'number';
  testId?: string;
}

/** The report's headline figures as cards: money with riel under it. */
export function Figures({ figures, period }: { figures: Figure[]; period: ReportPeriodInfo | undefined }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const currency = reportCurrency(period);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: Math.min(figures.length, 6) }} spacing="sm">
      {figures.map((f) => {
        if (f.value === undefined)
          return (
            <Paper key={f.label} withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {t(f.label)}
              </Text>
              <Skeleton>
                <Text fw={700} size="lg" aria-hidden>
                  &nbsp;
                </Text>
                {/* A money figure has its riel under it (a shop in dollars, as most are, until the answer says). */}
                {f.kind === 'money' && currency !== 'KHR' && (
                  <Text size="xs" aria-hidden>
                    &nbsp;
                  </Text>
                )}
              </Skeleton>
            </Paper>
          );
        const riel = f.kind === 'money' ? showRiel(String(f.value), period, lang) : null;
        return (
          <Paper key={f.label} withBorder radius="md" p="sm" data-testid={f.testId}>
            <Text size="xs" c="dimmed">
              {t(f.label)}
            </Text>
            <Text fw={700} size="lg">
              <bdi dir="ltr">{f.kind === 'money' ? showMoney(String(f.value), currency, lang) : showNumber(f.value, lang)}</bdi>
            </Text>
            {riel && (
              <Text size="xs" c="dimmed">
                <bdi dir="ltr">{riel}</bdi>
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

/** A short day label for a chart axis (21 Nov). */
export function shortDay(day: string, lang: ReturnType<typeof currentLanguage>): string {
  // Without Khmer in the browser's Intl data, the day and month the Khmer way (as formatDate does), year left out.
  if (lang === 'km' && Intl.DateTimeFormat.supportedLocalesOf(['km']).length === 0)
    return khmerDate(new Date(`${day}T12:00:00`), false)
      .split(' ')
      .slice(0, 2)
      .join(' ');
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
