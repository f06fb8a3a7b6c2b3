import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@posauto/shared/schemas/purchases';
import type { SaleStatus } from '@posauto/shared/schemas/sales';
import type { SaleReviewFlag } from '@posauto/shared/schemas/tills';

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

/**
 * What an offline sale asks a manager to look at (issue #26): each flag in words, on the list and the sale. The sale was
 * accepted all the same; the badge says why it is worth a look (a session closed before it arrived, stock run out...).
 */
export function SaleReviewBadges({ flags }: { flags: readonly SaleReviewFlag[] | undefined }) {
  const { t } = useTranslation();
  if (!flags?.length) return null;
  return (
    <>
      {flags.map((f) => (
        <Badge
          key={f}
          variant="light"
          color="orange"
          style={{ minWidth: 'max-content' }}
          data-testid="sale-review"
          title={t('tills.needs_review')}
        >
          {t(`tills.review.${f}`)}
        </Badge>
      ))}
    </>
  );
}
