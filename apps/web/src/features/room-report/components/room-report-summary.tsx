import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock } from '@posauto/shared/schemas/rooms';
import type { RoomReportResponse } from '@posauto/shared/schemas/room-report';
import { reportCurrency, showMoney, showNumber, showRiel } from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';

interface Card {
  label: string;
  /** Already written for the screen; undefined while the report loads (the card keeps its place). */
  value: string | undefined;
  riel?: string | null;
  testId: string;
}

/** The period's headline figures over the rooms shown: stays, hours used, occupancy, revenue and revenue per stay. */
export function RoomReportSummary({ data }: { data: RoomReportResponse | undefined }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const currency = reportCurrency(data?.period);
  const x = data?.totals;
  const money = (v: string | null | undefined) => (x ? showMoney(v, currency, lang) : undefined);
  const cards: Card[] = [
    { label: 'room_reports.stays', value: x && showNumber(x.stays, lang), testId: 'figure-stays' },
    { label: 'room_reports.hours_used', value: x && formatClock(x.used_minutes), testId: 'figure-hours' },
    { label: 'room_reports.occupancy', value: x && showNumber(x.occupancy, lang), testId: 'figure-occupancy' },
    { label: 'room_reports.revenue', value: money(x?.revenue), riel: showRiel(x?.revenue, data?.period, lang), testId: 'figure-revenue' },
    {
      label: 'room_reports.revenue_per_stay',
      value: money(x?.revenue_per_stay),
      riel: showRiel(x?.revenue_per_stay, data?.period, lang),
      testId: 'figure-per-stay',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {cards.map((c) => (
        <Paper key={c.label} withBorder radius="md" p="sm" data-testid={c.testId}>
          <Text size="xs" c="dimmed">
            {t(c.label)}
          </Text>
          {c.value === undefined ? (
            <Skeleton>
              <Text fw={700} size="lg" aria-hidden>
                &nbsp;
              </Text>
            </Skeleton>
          ) : (
            <>
              <Text fw={700} size="lg">
                <bdi dir="ltr">{c.value}</bdi>
              </Text>
              {c.riel && (
                <Text size="xs" c="dimmed">
                  <bdi dir="ltr">{c.riel}</bdi>
                </Text>
              )}
            </>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
