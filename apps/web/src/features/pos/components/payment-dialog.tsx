import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeByName } from '@posauto/shared/routes';
import type { ChangeIn, SalePaymentInput } from '@posauto/shared/schemas/sales';
import type { CurrencyCode, ExchangeRate } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { getUserData, hasPermission } from '../../../lib/auth-store';
import { inRiel, moneyText, rielText } from '../../../components/selling/lib/money-text';
import { ApprovalForm } from '../../../components/selling/approval-form';
import { Kbd } from '../../../components/selling/kbd';
import { PaymentSummary } from '../../../components/selling/payment-summary';
import { MethodButtons, QuickTender, TenderRow } from '../../../components/selling/payment-tenders';
import type { SendState } from './use-sale-sender';
import { type TenderDeps, useTenders } from '../../../components/selling/use-tenders';

export interface PaymentDialogProps extends TenderDeps {
  onClose: () => void;
  lang: Language;
  state: SendState;
  /** Names of the cart's items the branch does not hold enough of (by the catalogue): said before sending. */
  short: readonly string[];
  /** `change`: as shown (minor units), for a sale completed at the till with no connection. */
  onPay: (payments: SalePaymentInput[], changeIn: ChangeIn, change: { usd: number; khr: number }) => void;
  /** Asks the approval of a discount above the cashier's limit, then sends the sale again with it. */
  onApprove: (email: string, password: string) => Promise<void>;
}

/** The QR code library behind KHQR, fetched with the rest of what a sale needs while the till is online. */
export const preloadQrCode = () => void import('qrcode');

/**
 * Taking the money: cash in dollars and riel (two tenders of the cash method, with quick tender buttons), other
 * methods for the rest, KHQR with its QR code. Paid, still due and change are shown live in both currencies.
 */
export function PaymentDialog(p: PaymentDialogProps) {
  const { t } = useTranslation();
  const tenders = useTenders(p);
  const { summary } = tenders;
  const busy = p.state.kind === 'sending' || p.state.kind === 'retrying';
  const pay = () => {
    if (busy) return;
    const ready = tenders.payments();
    // The walk-in customer short: what is still due, not credit.
    if ('problem' in ready) tenders.setProblem(t(ready.problem, { amount: moneyText(summary.remaining.amount, p.currency, p.lang) }));
    else p.onPay(ready.payments, ready.changeIn, ready.change);
  };
  const byId = new Map(p.methods.map((m) => [m.id, m]));

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={p.opened}
      onClose={() => !busy && p.onClose()}
      title={t('pos.payment.title')}
      centered
      size="lg"
      closeOnEscape={!busy}
      closeOnClickOutside={false}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          pay();
        }}
        onKeyDown={(e) => {
          // Enter completes a sale paid in full wherever the focus is (not pressing a quick tender button again);
          // a field or button that takes Enter itself (approval, KHQR, Cancel) keeps it.
          const enter = e.key === 'Enter' && !e.defaultPrevented && !e.nativeEvent.isComposing;
          const own = (e.target as HTMLElement).closest('[data-own-enter]');
          if (e.key === 'F12' || (enter && (e.ctrlKey || e.metaKey || (summary.isPaid && !own)))) {
            e.preventDefault();
            pay();
          }
        }}
        data-testid="pos-payment"
      >
        <Stack gap="sm">
          <AmountDue total={p.total} currency={p.currency} rate={p.rate} lang={p.lang} />
          {p.methods.length === 0 && <NoMethod />}
          {p.short.length > 0 && (
            <Alert color="orange" data-testid="pos-stock-warning">
              {t('pos.payment.not_enough_stock', { names: p.short.join(', ') })}
            </Alert>
          )}
          {tenders.tenders.map((x, i) => (
            <TenderRow key={x.id} tender={x} method={byId.get(x.methodId)} first={i === 0} lang={p.lang} busy={busy} tenders={tenders} />
          ))}
          {tenders.cash && <QuickTender tenders={tenders} lang={p.lang} busy={busy} />}
          <MethodButtons methods={p.methods} tenders={tenders} busy={busy} />
          <PaymentSummary tenders={tenders} currency={p.currency} lang={p.lang} drawer={p.drawer} busy={busy} />
          <SendingState state={p.state} problem={tenders.problem} onApprove={p.onApprove} />
          <Group justify="space-between">
            <Button variant="default" onClick={p.onClose} h={48} disabled={busy} data-own-enter>
              {t('pos.cancel')}
              <Kbd>Esc</Kbd>
            </Button>
            {p.methods.length > 0 && (
              <Button type="submit" size="lg" h={52} loading={busy} data-testid="pos-payment-submit">
                {/* Credit only for a named customer: the walk-in customer pays the whole total. */}
                {summary.isPaid || p.walkIn ? t('pos.payment.complete') : t('pos.payment.complete_partial')}
                <Kbd>Enter</Kbd>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What is to pay, in the shop's currency and in riel. */
function AmountDue({ total, currency, rate, lang }: { total: number; currency: CurrencyCode; rate: ExchangeRate; lang: Language }) {
  const { t } = useTranslation();
  const dueRiel = inRiel(total, currency, rate);
  return (
    <Group justify="space-between" align="baseline" wrap="nowrap">
      <Text fw={600}>{t('pos.payment.due')}</Text>
      <Stack gap={0} align="flex-end">
        <Text fz={28} fw={800}>
          <bdi dir="ltr" data-testid="pos-payment-due">
            {moneyText(total, currency, lang)}
          </bdi>
        </Text>
        {dueRiel !== null && (
          <Text c="dimmed" fw={600}>
            <bdi dir="ltr">{rielText(dueRiel, lang)}</bdi>
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The sending's state: an approval to ask for, why the sale did not go (or cannot yet), the retries under way. */
function SendingState({
  state,
  problem,
  onApprove,
}: {
  state: SendState;
  problem: string | null;
  onApprove: PaymentDialogProps['onApprove'];
}) {
  const { t } = useTranslation();
  return (
    <>
      {state.kind === 'approval' && (
        <div data-own-enter>
          <ApprovalForm message={state.message} onApprove={onApprove} />
        </div>
      )}
      {(problem || state.kind === 'error') && (
        <Alert color="red" role="alert" data-testid="pos-payment-error">
          {problem ?? (state.kind === 'error' ? state.message : '')}
        </Alert>
      )}
      {state.kind === 'retrying' && (
        <Alert color="yellow" role="status" icon={<Loader size="xs" />} data-testid="pos-retrying">
          {t('pos.payment.retrying', { attempt: state.attempt })}
        </Alert>
      )}
    </>
  );
}

/** No payment method to take money with: said, with the way to the setting for a user who may open it. */
function NoMethod() {
  const { t } = useTranslation();
  const route = routeByName('payment-listing');
  const may = hasPermission(getUserData(), route.permission);
  return (
    <Alert color="red" data-testid="pos-no-method">
      <Stack gap="xs" align="flex-start">
        <span>
          {t('pos.payment.no_method')} {may ? '' : t('pos.payment.no_method_ask')}
        </span>
        {may && (
          <Button component={Link} to={route.path} variant="light" color="red" h={44}>
            {t('pages.payment-listing')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
