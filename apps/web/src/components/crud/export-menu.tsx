import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeCsv, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile, type QueryParams } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';

/** Exports exactly what the list shows (same search, filter and sort), every page of it. */
export function ExportMenu({ path, query }: { path: string; query: QueryParams }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      await downloadFile(`${path}/export`, { ...query, page: undefined, per_page: undefined, format });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          data-testid="export-menu"
        >
          {t('common.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')} data-testid="export-xlsx">
          {t('common.export_xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void run('csv')} data-testid="export-csv">
          {t('common.export_csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
