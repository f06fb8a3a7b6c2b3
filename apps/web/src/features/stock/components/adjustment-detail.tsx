import { Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/crud/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { DocumentFacts, type DocumentFact } from '../../../components/documents/document-facts';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCancelStockAdjustment, useStockAdjustment } from '../api/stock';
import { DirectionBadge } from './direction-badge';
import { MovedLines } from './moved-lines';

/** One adjustment as posted: its lines in the unit they were counted in, the base quantity and the cost that moved. */
export function StockAdjustmentDetailPage({ canCancel }: { canCancel: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { id } = useParams();
  const doc = useStockAdjustment(id);
  const cancel = useCancelStockAdjustment();
  if (!doc.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const a = doc.data;
  const askCancel = () =>
    confirmAction({
      title: t('stock_adjustment.cancel_title'),
      text: t('stock_adjustment.cancel_text'),
      confirm: t('stock_adjustment.cancel_confirm'),
      color: 'red',
      onConfirm: () => cancel.mutate(a.id, { onSuccess: () => notifySuccess('messages.updated'), onError: (e) => notifyError(e) }),
    });
  const facts: DocumentFact[] = [
    ['stock_adjustment.number', a.adjustment_number],
    ['stock_adjustment.date', formatDate(`${a.adjusted_on}T12:00:00Z`, lang)],
    ['stock_adjustment.branch', a.branch_name],
    ['stock_adjustment.type', <DirectionBadge key="t" direction={a.direction} label={a.adjustment_type_name} />],
    ['stock_adjustment.created_by', a.created_by ?? '—'],
    ['common.created_at', formatDateTime(a.created_at, lang)],
  ];
  return (
    <Stack>
      <PageHeader
        title={a.adjustment_number}
        actions={
          <Group gap="xs" className="no-print">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t('stock_adjustment.print')}
            </Button>
            {canCancel && a.state === 'posted' && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={askCancel}
                loading={cancel.isPending}
              >
                {t('stock_adjustment.cancel')}
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Badge variant="light" color={a.state === 'void' ? 'gray' : 'teal'} data-testid="adjustment-state">
            {t(`stock_adjustment.state_${a.state}`)}
          </Badge>
        </Group>
        <DocumentFacts facts={facts} cols={{ base: 1, sm: 2, md: 3 }} />
        {a.reason && (
          <Text size="sm" mt="sm">
            {t('stock_adjustment.reason')}: {a.reason}
          </Text>
        )}
      </Paper>
      <MovedLines lines={a.lines} testId="adjustment-lines" />
    </Stack>
  );
}
