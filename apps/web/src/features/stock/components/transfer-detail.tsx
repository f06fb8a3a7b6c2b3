import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconPackageImport, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/crud/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { DocumentFacts, type DocumentFact } from '../../../components/documents/document-facts';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useStockTransfer, useStockTransferAction } from '../api/transfers';
import { MovedLines } from './moved-lines';
import { TransferStateBadge } from './transfer-state-badge';
import classes from './transfer-note.module.css';

export interface TransferDetailProps {
  /** May receive, edit and cancel (stock-transfer); the list permission alone only reads. */
  canWrite: boolean;
  /** A branch user's branch: it receives only into it and edits or cancels only what leaves it. */
  branchId: string | null;
}

/** One transfer: where from and to, its state, the lines with what moved at what cost, and its printable note. */
export function StockTransferDetailPage({ canWrite, branchId }: TransferDetailProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { id } = useParams();
  const doc = useStockTransfer(id);
  const receive = useStockTransferAction('receive');
  const cancel = useStockTransferAction('cancel');
  if (doc.error) return <Alert color="red">{doc.error.message}</Alert>;
  if (!doc.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const x = doc.data;
  const done = { onSuccess: () => notifySuccess('messages.updated'), onError: (e: Error) => notifyError(e) };
  const mayReceive = canWrite && x.state === 'sent' && (!branchId || branchId === x.to_branch_id);
  const mayChange = canWrite && (!branchId || branchId === x.from_branch_id);
  const askCancel = () =>
    confirmAction({
      title: t('stock.transfer.cancel_title'),
      text: t('stock.transfer.cancel_text'),
      confirm: t('stock.transfer.cancel_confirm'),
      color: 'red',
      onConfirm: () => cancel.mutate(x.id, done),
    });
  const facts: DocumentFact[] = [
    ['stock.transfer.number', x.transfer_number],
    ['stock.transfer.date', formatDate(`${x.sent_on}T12:00:00Z`, lang)],
    ['stock.transfer.from', x.from_branch_name],
    ['stock.transfer.to', x.to_branch_name],
    ['stock_adjustment.created_by', x.created_by ?? '—'],
    ['common.created_at', formatDateTime(x.created_at, lang)],
    ...(x.received_at ? ([['stock.transfer.received_at', formatDateTime(x.received_at, lang)]] as Array<[string, string]>) : []),
  ];
  return (
    <Stack className={classes.note} data-testid="transfer-note">
      <PageHeader
        title={x.transfer_number}
        actions={
          <Group gap="xs" className="no-print">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="transfer-print">
              {t('stock.transfer.print')}
            </Button>
            {mayChange && x.state === 'sent' && (
              <Button
                variant="default"
                component={Link}
                to={`/stock-transfer-listing/edit-transfer/${x.id}`}
                leftSection={<IconEdit size={16} />}
              >
                {t('common.edit')}
              </Button>
            )}
            {mayReceive && (
              <Button
                leftSection={<IconPackageImport size={16} />}
                onClick={() => receive.mutate(x.id, done)}
                loading={receive.isPending}
                data-testid="transfer-receive"
              >
                {t('stock.transfer.receive')}
              </Button>
            )}
            {mayChange && x.state !== 'void' && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={askCancel}
                loading={cancel.isPending}
                data-testid="transfer-cancel"
              >
                {t('stock.transfer.cancel')}
              </Button>
            )}
          </Group>
        }
      />
      <Text className={classes.printOnly} fw={700} size="lg">
        {t('stock.transfer.note_title')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <TransferStateBadge state={x.state} />
        </Group>
        <DocumentFacts facts={facts} cols={{ base: 1, sm: 2, md: 3 }} />
        {x.note && (
          <Text size="sm" mt="sm">
            {t('stock.transfer.note')}: {x.note}
          </Text>
        )}
      </Paper>
      <MovedLines lines={x.lines} testId="transfer-lines" />
      <div className={classes.printOnly}>
        <div className={classes.signatures}>
          <div className={classes.signature}>
            {t('stock.transfer.sent_by')} — {x.from_branch_name}
          </div>
          <div className={classes.signature}>
            {t('stock.transfer.received_by')} — {x.to_branch_name}
          </div>
        </div>
      </div>
    </Stack>
  );
}
