import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus, PurchaseStatus } from '@posauto/shared/schemas/purchases';

const STATUS_COLOR: Record<PurchaseStatus, string> = { pending: 'yellow', ordered: 'blue', received: 'teal', void: 'gray' };
const PAYMENT_COLOR: Record<PaymentStatus, string> = { paid: 'teal', partial: 'orange', unpaid: 'red' };

export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid="purchase-status">
      {t(`purchase.status_${status}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PAYMENT_COLOR[status]} data-testid="payment-status">
      {t(`purchase.pay_${status}`)}
    </Badge>
  );
}
