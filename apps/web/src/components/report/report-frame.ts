import { useQuery } from '@tanstack/react-query';
import type { ReportPeriodInfo } from '@posauto/shared/schemas/reports';
import type { ReportLetterhead } from '@posauto/shared/schemas/reports-sales';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import type { currentLanguage } from '../../lib/i18n';

/** One filter as printed under the title: its label and the value chosen, both already translated. */
export interface FilterUsed {
  label: string;
  value: string;
}

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
