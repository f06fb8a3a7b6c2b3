import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useLetterhead, type FilterUsed } from './report-frame';

/** What the A4 print puts at its top: the shop's letterhead, the report's title, the filters used and when. */
export function ReportPrintHeader({ title, used }: { title: string; used: FilterUsed[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const letterhead = useLetterhead();
  return (
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
  );
}
