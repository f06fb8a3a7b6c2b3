import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLock, IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CashSessionDetail } from '@posauto/shared/schemas/cash-sessions';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCashSession } from '../api/cash-sessions';
import { printCashReport, type PrintPaper } from '../lib/print-report';
import { CashSessionReport } from './cash-session-report';

/** What the list opens over itself: a cash movement, the close, or a new session. */
export type Dialog = 'open' | 'in' | 'out' | 'close' | null;

/** The end-of-day report of one session in a dialog, with its prints and, for one's own open session, its actions. */
export function SessionDetailModal({
  id,
  onClose,
  ownOpenId,
  canManage,
  onAction,
}: {
  id: string | null;
  onClose: () => void;
  ownOpenId: string | null;
  canManage: boolean;
  onAction: (d: Dialog, s: CashSessionDetail) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const detail = useCashSession(id);
  const s = detail.data;
  const [printing, setPrinting] = useState<PrintPaper | null>(null);
  const print = async (paper: PrintPaper) => {
    if (!s) return;
    setPrinting(paper);
    try {
      await printCashReport(s, paper);
    } catch (e) {
      notifyError(e);
    } finally {
      setPrinting(null);
    }
  };
  const own = s && s.id === ownOpenId;
  return (
    <Modal opened={Boolean(id)} onClose={onClose} title={t('cash.report_title')} size="lg" centered>
      {s ? (
        <Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={printing === 80}
              onClick={() => print(80)}
              data-testid="print-80"
            >
              {t('cash.print_80')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={printing === 'a4'}
              onClick={() => print('a4')}
              data-testid="print-a4"
            >
              {t('cash.print_a4')}
            </Button>
            {own && (
              <>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onAction('in', s)}>
                  {t('cash.cash_in')}
                </Button>
                <Button variant="light" leftSection={<IconMinus size={16} />} onClick={() => onAction('out', s)}>
                  {t('cash.cash_out')}
                </Button>
              </>
            )}
            {s.status === 'open' && (own || canManage) && (
              <Button color="red" leftSection={<IconLock size={16} />} onClick={() => onAction('close', s)} data-testid="detail-close">
                {t('cash.close_session')}
              </Button>
            )}
          </Group>
          <CashSessionReport session={s} paper="screen" t={t} lang={lang} />
        </Stack>
      ) : (
        <Text c="dimmed">{t('common.loading')}</Text>
      )}
    </Modal>
  );
}
