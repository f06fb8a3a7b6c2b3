import { useState } from 'react';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconCircleCheck, IconFileSpreadsheet, IconFileTypeCsv, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportError } from '@posauto/shared/schemas/products';
import type { Language } from '@posauto/shared/i18n/index';
import { downloadFile } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { productsResource } from '../api/products';
import { importProducts, ImportRejected } from '../api/upload';

const SHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/vnd.ms-excel',
  'text/plain',
];
const MAX_BYTES = 10 * 1024 * 1024;
const TEMPLATES = [
  { format: 'xlsx', Icon: IconFileSpreadsheet },
  { format: 'csv', Icon: IconFileTypeCsv },
] as const;

/** Import products from XLSX/CSV: the whole file or nothing, with the server's per-row, per-column report. */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportError | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setReport(null);
    setImported(null);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async () => {
    if (!file) return;
    setBusy(true);
    setReport(null);
    setProblem(null);
    try {
      const result = await importProducts(file);
      setImported(result.imported);
      setFile(null);
      await qc.invalidateQueries({ queryKey: [productsResource.key] });
    } catch (e) {
      if (e instanceof ImportRejected) setReport(e.report);
      else setProblem(e instanceof Error ? e.message : t('errors.internal'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('product.import_title')} size="xl" centered zIndex={2000}>
      <Stack data-testid="import-dialog">
        <Text size="sm" c="dimmed">
          {t('product.import_hint')}
        </Text>
        <TemplateButtons />

        <SheetDrop
          file={file}
          onFile={(f) => {
            reset();
            setFile(f);
          }}
          onReject={() => {
            reset();
            setProblem(t('product.import_file_invalid'));
          }}
        />

        {problem && (
          <Alert color="red" data-testid="import-problem">
            {problem}
          </Alert>
        )}
        {imported !== null && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="import-success">
            {t('product.import_done', { total: formatInteger(imported, lang) })}
          </Alert>
        )}
        {report && <ImportReport report={report} lang={lang} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void run()} disabled={!file} loading={busy} data-testid="import-submit">
            {t('product.import_submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The import's templates, as a spreadsheet or as CSV: the columns the import reads, with an example row. */
function TemplateButtons() {
  const { t } = useTranslation();
  const template = (format: 'xlsx' | 'csv') => downloadFile(`${productsResource.path}/import/template`, { format }).catch(notifyError);
  return (
    <Group gap="xs">
      {TEMPLATES.map(({ format, Icon }) => (
        <Button
          key={format}
          variant="light"
          size="xs"
          leftSection={<Icon size={16} />}
          onClick={() => void template(format)}
          data-testid={`template-${format}`}
        >
          {t(`product.import_template_${format}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Where the file is dropped (or chosen): one spreadsheet or CSV file, at most 10 MB. */
function SheetDrop({ file, onFile, onReject }: { file: File | null; onFile: (file: File | null) => void; onReject: () => void }) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => onFile(files[0] ?? null)}
      onReject={onReject}
      accept={SHEET_TYPES}
      maxSize={MAX_BYTES}
      maxFiles={1}
      multiple={false}
      data-testid="import-dropzone"
    >
      <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={40} stroke={1.5} />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} stroke={1.5} />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={40} stroke={1.5} opacity={0.6} />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text fw={500}>{file ? file.name : t('product.import_drop')}</Text>
          <Text size="xs" c="dimmed">
            {t('product.import_drop_hint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}

/** The server's refusal: its message, and per row and column what is wrong. */
function ImportReport({ report, lang }: { report: ImportError; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color="red">{report.message}</Alert>
      <ScrollArea.Autosize mah={280}>
        <Table striped withTableBorder verticalSpacing={4} data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('product.import_row')}</Table.Th>
              <Table.Th w={160}>{t('product.import_column')}</Table.Th>
              <Table.Th>{t('product.import_message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((r, i) => (
              <Table.Tr key={`${r.row}-${r.column}-${i}`}>
                <Table.Td>{formatInteger(r.row, lang)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {r.column}
                  </Text>
                </Table.Td>
                <Table.Td>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
