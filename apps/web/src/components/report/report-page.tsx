import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS, type ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { ReportLetterhead } from '@posauto/shared/schemas/reports-sales';
import { api } from '../../lib/api-client';
import { useUserData } from '../../lib/auth-store';
import { formatDate, formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ExportMenu } from '../crud/export-menu';
import { PageHeader, useCurrentRoute } from '../page-header';
import { reportCurrency, showRate } from './report-money';
import type { ReportAnswer, UseReport } from './use-report';

/** One filter as printed under the title: its label and the value chosen, both already translated. */
export interface FilterUsed {
  label: string;
  value: string;
}

/**
 * A4 on paper: the menu, the filters' controls, the buttons and the chart stay on screen (global.css hides
 * .no-print and the app shell); the letterhead, the title, the filters used and the table are printed.
 */
const PRINT_CSS = `
.report-print-only { display: none; }
@media print {
  @page { size: A4; margin: 12mm; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  .mantine-AppShell-main footer { display: none !important; }
  .report-print-only { display: block !important; }
  .report-frame .mantine-Paper-root { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
  .report-frame .report-scroll { overflow: visible !important; }
  .report-frame .report-table { min-width: 0 !important; }
  .report-frame table th, .report-frame table td, .report-frame table th button { font-size: 8pt !important; padding: 2px 4px !important; }
  .report-frame .mantine-Badge-root { border: 0; padding: 0; background: none; font-size: 8pt; }
  .report-frame tr { break-inside: avoid; }
  .report-frame thead { display: table-header-group; }
}`;

export const useBranchOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['branches', 'options'],
    queryFn: () => api.get<Array<{ id: string; name: string }>>('/api/v1/branches/options'),
    staleTime: 60_000,
    enabled,
  });

export const useLetterhead = () =>
  useQuery({
    queryKey: ['reports', 'letterhead'],
    queryFn: () => api.get<ReportLetterhead>('/api/v1/reports/letterhead'),
    staleTime: 5 * 60_000,
  });

/** A shop-local day (YYYY-MM-DD) written in the user's language; noon UTC keeps it the same day everywhere. */
export const showDay = (day: string, lang: ReturnType<typeof currentLanguage>) => formatDate(`${day}T12:00:00Z`, lang);

export function periodText(period: ReportPeriodInfo, lang: ReturnType<typeof currentLanguage>): string {
  return period.from === period.to ? showDay(period.from, lang) : `${showDay(period.from, lang)} – ${showDay(period.to, lang)}`;
}

export interface ReportPageProps<A extends ReportAnswer> {
  report: UseReport<A>;
  /** Translation key of the title; defaults to the route's page title. */
  titleKey?: string;
  /** The report's own filters (Selects...), laid out after period and branch. */
  extraFilters?: ReactNode;
  /** The report's own filters as printed (translated label and chosen value); period and branch are added. */
  filtersUsed?: FilterUsed[];
  /** Cards of headline figures, shown above the chart. */
  summary?: ReactNode;
  chart?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every report shares: title, period (presets or From/To), branch (a branch user sees only its own, so
 * the choice is hidden), the report's filters, Print (A4, the shop's letterhead and the filters used), Export
 * (XLSX/CSV of the same rows via path/export), the error and the figures.
 */
export function ReportPage<A extends ReportAnswer>({
  report,
  titleKey,
  extraFilters,
  filtersUsed = [],
  summary,
  chart,
  children,
}: ReportPageProps<A>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const route = useCurrentRoute();
  const user = useUserData();
  const branchUser = Boolean(user?.data.branch_id);
  const branches = useBranchOptions(true);
  const letterhead = useLetterhead();
  const { state, setFilter, data, error } = report;
  const period = data?.period;
  const preset = state.filters.period ?? 'this_month';
  const custom = preset === 'custom';
  const title = titleKey ? t(titleKey) : route ? t(`pages.${route.name}`) : '';
  const branchName = (id: string | null | undefined) =>
    id ? (branches.data?.find((b) => b.id === id)?.name ?? '') : t('reports.all_branches');
  const currency = reportCurrency(period);
  const errorText = error ? (Object.values(error.errors ?? {})[0] ?? error.message) : null;
  const used: FilterUsed[] = [
    ...(period ? [{ label: t('reports.period'), value: `${t(`reports.periods.${period.period}`)}: ${periodText(period, lang)}` }] : []),
    { label: t('reports.branch'), value: branchName(period?.branch_id ?? state.filters.branch_id) },
    ...filtersUsed,
  ];
  // From/To show the days the server used; typing one makes the period custom, keeping the other end.
  const setDay = (end: 'from' | 'to', value: string) =>
    setFilter({
      period: 'custom',
      from: end === 'from' ? value || undefined : (state.filters.from ?? period?.from),
      to: end === 'to' ? value || undefined : (state.filters.to ?? period?.to),
    });

  return (
    <Stack gap="md" className="report-frame">
      <style>{PRINT_CSS}</style>
      <div className="no-print">
        <PageHeader
          title={title}
          actions={
            <>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
                disabled={!data}
                data-testid="report-print"
              >
                {t('reports.print')}
              </Button>
              <ExportMenu path={report.path} query={report.query} />
            </>
          }
        />
      </div>

      <header className="report-print-only" data-testid="report-letterhead">
        {letterhead.data && (
          <>
            <Text fw={700} size="lg">
              {letterhead.data.shop_name}
            </Text>
            {letterhead.data.address && <Text size="sm">{letterhead.data.address}</Text>}
            {letterhead.data.phone && (
              <Text size="sm">
                <bdi dir="ltr">{letterhead.data.phone}</bdi>
              </Text>
            )}
          </>
        )}
        <Title order={2} size="h3" mt="sm">
          {title}
        </Title>
        {used.map((f) => (
          <Text size="sm" key={f.label}>
            {f.label}: {f.value}
          </Text>
        ))}
        <Text size="xs" c="dimmed" mb="sm">
          {t('reports.printed_at', { date: formatDateTime(new Date().toISOString(), lang) })}
        </Text>
      </header>

      <Paper withBorder radius="md" p="md" className="no-print">
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('reports.filters')}>
          <Select
            label={t('reports.period')}
            data={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
            value={preset}
            allowDeselect={false}
            onChange={(v) =>
              setFilter(
                v === 'custom'
                  ? { period: 'custom', from: period?.from, to: period?.to }
                  : { period: v && v !== 'this_month' ? v : undefined, from: undefined, to: undefined },
              )
            }
            w={170}
            data-testid="report-period"
          />
          <TextInput
            type="date"
            label={t('reports.from')}
            value={(custom ? state.filters.from : undefined) ?? period?.from ?? ''}
            max={period?.to}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            w={160}
            data-testid="report-from"
          />
          <TextInput
            type="date"
            label={t('reports.to')}
            value={(custom ? state.filters.to : undefined) ?? period?.to ?? ''}
            min={period?.from}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            w={160}
            data-testid="report-to"
          />
          {/* A branch user's reports are its branch's; a shop of one branch has no other to pick. */}
          {!branchUser && (branches.data?.length ?? 0) > 1 && (
            <Select
              label={t('reports.branch')}
              placeholder={t('reports.all_branches')}
              data={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              value={state.filters.branch_id ?? null}
              onChange={(v) => setFilter({ branch_id: v ?? undefined })}
              clearable
              w={200}
              data-testid="report-branch"
            />
          )}
          {extraFilters}
        </Group>
        {/* Its line is kept while the report loads, so what is under it does not move when the answer comes. */}
        {period ? (
          <Text size="sm" c="dimmed" mt="sm" data-testid="report-period-shown">
            {t('reports.period_shown', { period: periodText(period, lang) })}
            {currency !== 'KHR' && ` · ${t('reports.riel_at', { rate: showRate(period, lang), currency })}`}
          </Text>
        ) : (
          <Text size="sm" mt="sm" aria-hidden>
            &nbsp;
          </Text>
        )}
      </Paper>

      {errorText && (
        <Alert color="red" role="alert" data-testid="report-error">
          {errorText}
        </Alert>
      )}
      {summary}
      {chart}
      <Paper withBorder radius="md" p="md">
        {children}
        {period && currency !== 'KHR' && (
          <Text size="xs" c="dimmed" mt="xs" className="report-print-only">
            {t('reports.riel_at', { rate: showRate(period, lang), currency })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
