import { useEffect, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PosPaymentMethod } from '@posauto/shared/schemas/pos';
import type { Language } from '@posauto/shared/i18n/index';
import { ApiError } from '../../lib/api-client';
import { makeKhqr } from './api/khqr-api';
import { moneyText } from './lib/money-text';
import { type Tender, tenderMinor } from './lib/payment';
import classes from './selling.module.css';

/** KHQR: the shop's dynamic QR for this tender's amount and currency; the cashier confirms when the money arrived. */
export function KhqrBox({
  tender,
  method,
  lang,
  onShown,
  onConfirm,
}: {
  tender: Tender;
  method: PosPaymentMethod;
  lang: Language;
  onShown: (md5: string) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!tender.khqr) setSvg(null);
  }, [tender.khqr]);
  const show = async () => {
    setLoading(true);
    setError(null);
    try {
      const amount = tender.text.trim();
      const qr = await makeKhqr({ payment_method_id: method.id, currency: tender.currency, amount });
      const lib = (await import('qrcode')) as typeof import('qrcode') & { default?: typeof import('qrcode') };
      const markup = await (lib.default ?? lib).toString(qr.qr, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      setSvg(markup);
      onShown(qr.md5);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.internal'));
    } finally {
      setLoading(false);
    }
  };
  if (tender.khqr?.confirmed) {
    return (
      <Text c="teal" fw={600} size="sm">
        {t('pos.payment.khqr_received')}
      </Text>
    );
  }
  return (
    <Stack gap={6} align="stretch">
      {svg && tender.khqr ? (
        <>
          {/* The markup comes from the qrcode library, not from user input. */}
          <div className={classes.qr} role="img" aria-label={t('pos.payment.khqr_alt')} dangerouslySetInnerHTML={{ __html: svg }} />
          <Text size="sm" ta="center">
            {t('pos.payment.khqr_scan', { amount: moneyText(tenderMinor(tender.text, tender.currency) ?? 0, tender.currency, lang) })}
          </Text>
          <Button color="teal" h={48} onClick={onConfirm} data-testid="pos-khqr-received" data-own-enter>
            {t('pos.payment.khqr_confirm')}
          </Button>
        </>
      ) : (
        <Button
          variant="light"
          h={44}
          leftSection={<IconQrcode size={18} />}
          onClick={() => void show()}
          loading={loading}
          data-testid="pos-khqr-show"
          data-own-enter
        >
          {t('pos.payment.khqr_show')}
        </Button>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
