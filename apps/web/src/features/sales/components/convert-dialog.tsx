import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@posauto/shared/schemas/sales';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConvertQuotation } from '../api/sale-documents';

/**
 * Turns an open quotation into an invoice (unpaid: the customer owes it) or a sale in one step, at the quoted
 * prices. A sale to the walk-in customer must be paid, which the server says in a translated message.
 */
export function ConvertDialog({ quotation, onClose }: { quotation: Pick<Sale, 'id' | 'invoice_number'> | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserData();
  const convert = useConvertQuotation();
  const [target, setTarget] = useState<'invoice' | 'sale'>('invoice');
  const run = async () => {
    if (!quotation) return;
    try {
      const res = await convert.mutateAsync({ id: quotation.id, input: { document: target } });
      notifySuccess('sale_docs.converted');
      onClose();
      // The new document opens where the user may see it; a quotation clerk without those lists stays here.
      if (target === 'invoice' && hasPermission(user, 'sale-invoice')) void navigate(`/invoice-listing/detail/${res.data.id}`);
      else if (target === 'sale' && hasPermission(user, 'sale-management')) void navigate(`/sales-listing/create-sale/${res.data.id}`);
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Modal
      opened={quotation !== null}
      onClose={onClose}
      title={t('sale_docs.convert_title', { number: quotation?.invoice_number ?? '' })}
      closeButtonProps={{ 'aria-label': t('sales_ui.close') }}
    >
      <Stack>
        <Text size="sm">{t('sale_docs.convert_text')}</Text>
        <Radio.Group value={target} onChange={(v) => setTarget(v as 'invoice' | 'sale')} label={t('sale_docs.convert_into')}>
          <Stack gap="xs" mt="xs">
            <Radio value="invoice" label={t('sale_docs.document.invoice')} data-testid="convert-invoice" />
            <Radio value="sale" label={t('sale_docs.document.sale')} data-testid="convert-sale" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={convert.isPending} data-testid="convert-confirm">
            {t('sale_docs.convert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
