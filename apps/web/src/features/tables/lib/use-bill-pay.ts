import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillPay } from '@posauto/shared/schemas/restaurant';
import { ApiError } from '../../../lib/api-client';
import { uuid } from '../../../lib/uuid';
import { payBill, TABLES_KEY } from '../api/tables-api';
import { isRetryable } from './addition-queue';

/**
 * Paying a bill exactly once: the Idempotency-Key is made for a payment and kept until the server answers it. No
 * answer (Wi-Fi): the same payment again with the same key. A refusal: its message, and a new key for the next try.
 */
export function useBillPay(orderId: string, onPaid: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const send = async (bill: number, body: BillPay) => {
    const k = key.current ?? uuid();
    key.current = k;
    setBusy(true);
    setError(null);
    try {
      for (;;) {
        try {
          const done = await payBill(orderId, bill, body, k);
          qc.setQueryData([...TABLES_KEY, 'order', orderId], done.order);
          void qc.invalidateQueries({ queryKey: TABLES_KEY });
          key.current = null;
          onPaid();
          return;
        } catch (e) {
          if (!isRetryable(e)) throw e;
          setError(t('tables.pay.retrying'));
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
    } catch (e) {
      key.current = null;
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    key.current = null;
    setError(null);
  };
  return { busy, error, send, reset };
}
