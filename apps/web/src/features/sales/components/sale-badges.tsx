import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@posauto/shared/schemas/purchases';
import type { SaleStatus } from '@posauto/shared/schemas/sales';

const PAYMENT_COLOR: Record<PaymentStatus, string> = { paid: 'teal', partial: 'orange', unpaid: 'red' };
const STATUS_COLOR: Record<SaleStatus, string> = { completed: 'teal', void: 'gray', open: 'blue', converted: 'violet' };

/** The test id tells a sale's badge from an invoice's (doc-payment-status) in the end-to-end tests. */
export function SalePaymentBadge({ status, testId = 'sale-payment-status' }: { status: PaymentStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PAYMENT_COLOR[status]} style={{ minWidth: 'max-content' }} data-testid={testId}>
      {t(`sales_ui.payment_status.${status}`)}
    </Badge>
  );
}

export function SaleStatusBadge({ status, testId = 'sale-status' }: { status: SaleStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={{ minWidth: 'max-content' }} data-testid={testId}>
      {t(`sales_ui.sale_status.${status}`)}
    </Badge>
  );
}
