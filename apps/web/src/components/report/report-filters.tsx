import type { ReactNode } from 'react';
import { Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REPORT_PERIODS } from '@posauto/shared/schemas/reports';
import { useUserData } from '../../lib/auth-store';
import { currentLanguage } from '../../lib/i18n';
import { periodText, useBranchOptions } from './report-frame';
import { reportCurrency, showRate } from './report-money';
import type { ReportAnswer, UseReport } from './use-report';

/**
 * The filters every report shares: period (presets or From/To), branch (a branch user sees only its own, so the
 * choice is hidden), then the report's own; under them, the days the server used and the rate for riel.
 */
export function ReportFilters<A extends ReportAnswer>({ report, extraFilters }: { report: UseReport<A>; extraFilters?: ReactNode }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const user = useUserData();
  const branchUser = Boolean(user?.data.branch_id);
  const branches = useBranchOptions(true);
  const { state, setFilter, data } = report;
  const period = data?.period;
  const preset = state.filters.period ?? 'this_month';
  const custom = preset === 'custom';
  const currency = reportCurrency(period);
  // From/To show the days the server used; typing one makes the period custom, keeping the other end.
  const setDay = (end: 'from' | 'to', value: string) =>
    setFilter({
      period: 'custom',
      from: end === 'from' ? value || undefined : (state.filters.from ?? period?.from),
      to: end === 'to' ? value || undefined : (state.filters.to ?? period?.to),
    });

  return (
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
  );
}
