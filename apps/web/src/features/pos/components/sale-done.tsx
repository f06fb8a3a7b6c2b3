// The till's sale-done and no-rate dialogs, loaded with the till's other dialogs when first needed (till-lazy.tsx).
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DoneSale } from '../lib/complete-sale';
import type { Language } from '@posauto/shared/i18n/index';
import { moneyText, rielText } from '../../../components/selling/lib/money-text';
import type { PrintReceipt } from '../lib/print-receipt';
import { safeMinor } from '../lib/cart';
import { Kbd } from '../../../components/selling/kbd';

/** Payment asked for while the shop has no exchange rate: nothing can be paid until one is set. */
export function NoRateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('pos.close') }} opened onClose={onClose} title={t('pos.payment.title')} centered>
      <Alert color="red">{t('pos.no_rate')}</Alert>
    </Modal>
  );
}

export function SaleDone({
  sale,
  onNew,
  printReceipt,
  lang,
}: {
  sale: DoneSale | null;
  onNew: () => void;
  printReceipt?: PrintReceipt;
  lang: Language;
}) {
  const { t } = useTranslation();
  const changeUsd = sale ? safeMinor(sale.change_usd, 'USD') : 0;
  const changeKhr = sale ? safeMinor(sale.change_khr, 'KHR') : 0;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={sale !== null}
      onClose={onNew}
      withCloseButton={false}
      centered
      size="md"
      title={t('pos.sale_done')}
    >
      {sale && (
        <Stack align="center" ta="center" gap="sm" data-testid="pos-done">
          <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={3}>{t('pos.sale_success')}</Title>
          <Text c="dimmed">
            <bdi dir="ltr" data-testid="pos-done-invoice">
              {sale.invoice_number}
            </bdi>
          </Text>
          {sale.id === null && (
            // Completed at the till with no answer from the server: final all the same, sent by itself later.
            <Alert color="orange" w="100%" data-testid="pos-done-waiting">
              {t('pos.outbox.done_waiting')}
            </Alert>
          )}
          {(changeUsd > 0 || changeKhr > 0) && (
            <Text fz={24} fw={800} c="teal" data-testid="pos-done-change">
              {t('pos.payment.change')}:&nbsp;
              {changeUsd > 0 && <bdi dir="ltr">{moneyText(changeUsd, 'USD', lang)}</bdi>}
              {changeUsd > 0 && changeKhr > 0 && ' + '}
              {changeKhr > 0 && <bdi dir="ltr">{rielText(changeKhr, lang)}</bdi>}
            </Text>
          )}
          <Group grow w="100%" mt="sm">
            {printReceipt && sale.id !== null && (
              <Button
                variant="default"
                h={52}
                leftSection={<IconPrinter size={18} />}
                onClick={() => sale.id !== null && printReceipt(sale.id, { reprint: false })}
                data-testid="pos-print"
              >
                {t('pos.print_receipt')}
              </Button>
            )}
            <Button h={52} onClick={onNew} data-autofocus data-testid="pos-new-sale">
              {t('pos.new_sale')}
              <Kbd>Enter</Kbd>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
