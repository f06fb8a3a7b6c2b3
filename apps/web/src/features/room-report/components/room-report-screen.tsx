import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomReportResponse } from '@posauto/shared/schemas/room-report';
import {
  chartMinor,
  chartMoney,
  ReportChart,
  ReportPage,
  ReportTable,
  reportCurrency,
  useReport,
  type FilterUsed,
  type ReportColumn,
} from '../../../components/report';
import { currentLanguage } from '../../../lib/i18n';
import { manyBranches, periodDays, reportLines, totalsLine, type RoomReportLine } from '../lib/report-rows';
import { RoomReportSummary } from './room-report-summary';

const FILTERS = ['type_id'] as const;
const MONEY = ['room_revenue', 'min_spend', 'food_revenue', 'revenue', 'food_per_stay', 'revenue_per_stay'] as const;

/** The table's columns: the room (a type's sub-total in bold), its branch when there are several, then the figures. */
function columns(branches: boolean): ReportColumn<RoomReportLine>[] {
  return [
    {
      key: 'name',
      header: 'room_reports.room',
      render: (x) =>
        x.kind === 'type' ? (
          <Text size="sm" fw={700}>
            {x.name}
          </Text>
        ) : (
          <Text size="sm" fw={500}>
            {x.name}
          </Text>
        ),
    },
    ...(branches ? [{ key: 'branch_name', header: 'reports.branch' }] : []),
    { key: 'stays', header: 'room_reports.stays', kind: 'number' },
    // Hours and minutes read left to right in every language.
    { key: 'used_hours', header: 'room_reports.hours_used', nowrap: true, render: (x) => <bdi dir="ltr">{x.used_hours}</bdi> },
    { key: 'charged_hours', header: 'room_reports.hours_charged', nowrap: true, render: (x) => <bdi dir="ltr">{x.charged_hours}</bdi> },
    { key: 'occupancy', header: 'room_reports.occupancy', kind: 'number' },
    ...MONEY.map((k) => ({ key: k, header: `room_reports.${k}`, kind: 'money' as const })),
  ];
}

/** The room report (issue #25): use and revenue per room and room type, with the report kit's filters, chart, print and export. */
export function RoomReportScreen() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const r = useReport<RoomReportResponse>('/api/v1/reports/rooms', FILTERS);
  const data = r.data;
  const currency = reportCurrency(data?.period);
  const typeId = r.state.filters.type_id;
  const types = data?.room_types ?? [];
  const used: FilterUsed[] = typeId ? [{ label: t('room_reports.room_type'), value: types.find((x) => x.id === typeId)?.name ?? '' }] : [];
  // The chart: each room's time (with the minimum spend) and its food and drinks.
  const bars = data?.rows.map((x) => ({
    room: x.room_name,
    time: chartMinor(x.room_revenue, currency) + chartMinor(x.min_spend, currency),
    food: chartMinor(x.food_revenue, currency),
  }));
  return (
    <ReportPage
      report={r}
      filtersUsed={used}
      extraFilters={
        <Select
          label={t('room_reports.room_type')}
          placeholder={t('room_reports.any_type')}
          data={types.map((x) => ({ value: x.id, label: x.name }))}
          value={typeId ?? null}
          onChange={(v) => r.setFilter({ type_id: v ?? undefined })}
          clearable
          searchable
          w={200}
          data-testid="filter-type_id"
        />
      }
      summary={<RoomReportSummary data={data} />}
      chart={
        <ReportChart
          title="room_reports.chart_title"
          data={bars}
          dataKey="room"
          horizontal
          series={[
            { name: 'time', label: 'room_reports.time_and_minimum' },
            { name: 'food', label: 'room_reports.food_revenue' },
          ]}
          valueFormatter={(v) => chartMoney(v, currency, lang)}
        />
      }
    >
      <ReportTable
        report={r}
        columns={columns(manyBranches(data))}
        rows={data && reportLines(data)}
        totals={data && totalsLine(data)}
        rowKey={(x) => x.key}
        caption={t('room_reports.caption')}
        emptyText={t('room_reports.no_rooms')}
      />
      {data && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="room-report-note">
          {t('room_reports.note', { days: periodDays(data) })}
        </Text>
      )}
    </ReportPage>
  );
}
