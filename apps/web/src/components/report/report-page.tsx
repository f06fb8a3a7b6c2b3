import type { ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { ExportMenu } from '../crud/export-menu';
import { PageHeader, useCurrentRoute } from '../page-header';
import { periodText, useBranchOptions, type FilterUsed } from './report-frame';
import { ReportFilters } from './report-filters';
import { reportCurrency, showRate } from './report-money';
import { ReportPrintHeader } from './report-print-header';
import type { ReportAnswer, UseReport } from './use-report';

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
  const branches = useBranchOptions(true);
  const { state, data, error } = report;
  const period = data?.period;
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

      <ReportPrintHeader title={title} used={used} />

      <ReportFilters report={report} extraFilters={extraFilters} />

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
