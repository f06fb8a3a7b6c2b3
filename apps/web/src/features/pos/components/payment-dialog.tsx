import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeByName } from '@posauto/shared/routes';
import type { PosPaymentMethod } from '@posauto/shared/schemas/pos';
import type { ChangeIn, SalePaymentInput, TenderCurrency } from '@posauto/shared/schemas/sales';
import { type CurrencyCode, type ExchangeRate, formatDecimal } from '@posauto/shared/money/index';
import type { Language } from '@posauto/shared/i18n/index';
import { ApiError } from '../../../lib/api-client';
import { getUserData, hasPermission } from '../../../lib/auth-store';
import { makeKhqr } from '../api/pos-dialog-api';
import { inRiel, moneyText, rielText } from '../lib/money-text';
import {
  addToText,
  type CashAmounts,
  changeOptions,
  paymentProblem,
  RIEL_QUICK,
  summarize,
  type Tender,
  tenderMinor,
  USD_QUICK,
} from '../lib/payment';
import { ApprovalForm } from './approval-form';
import classes from './pos.module.css';

export type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'retrying'; attempt: number }
  | { kind: 'error'; message: string }
  /** The discount is above the cashier's limit: someone whose role allows it approves on this screen. */
  | { kind: 'approval'; message: string };

export interface PaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  total: number;
  currency: CurrencyCode;
  rate: ExchangeRate;
  methods: readonly PosPaymentMethod[];
  defaultMethodId: string | null;
  walkIn: boolean;
  lang: Language;
  state: SendState;
  /** What the cashier's drawer holds (minor units), from the open session; null: not known. */
  drawer: CashAmounts | null;
  /** Names of the cart's items the branch does not hold enough of (by the catalogue): said before sending. */
  short: readonly string[];
  onPay: (payments: SalePaymentInput[], changeIn: ChangeIn) => void;
  /** Asks the approval of a discount above the cashier's limit, then sends the sale again with it. */
  onApprove: (email: string, password: string) => Promise<void>;
}

let nextId = 0;
const tenderId = () => `t${++nextId}`;

/**
 * Taking the money: cash in dollars and riel (two tenders of the cash method, with quick tender buttons), other
 * methods for the rest, KHQR with its QR code. Paid, still due and change are shown live in both currencies.
 */
/** The QR code library behind KHQR, fetched with the rest of what a sale needs while the till is online. */
export const preloadQrCode = () => void import('qrcode');

export function PaymentDialog(p: PaymentDialogProps) {
  const { t } = useTranslation();
  const cash = p.methods.find((m) => m.id === p.defaultMethodId && m.type === 'cash') ?? p.methods.find((m) => m.type === 'cash') ?? null;
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!p.opened) return;
    const first = cash ?? p.methods.find((m) => m.id === p.defaultMethodId) ?? p.methods[0];
    setTenders(
      first
        ? first.type === 'cash'
          ? [
              { id: tenderId(), methodId: first.id, currency: 'USD', text: '' },
              { id: tenderId(), methodId: first.id, currency: 'KHR', text: '' },
            ]
          : [{ id: tenderId(), methodId: first.id, currency: 'USD', text: '' }]
        : [],
    );
    setProblem(null);
    setChangeChoice(null);
    // A new payment each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.opened]);

  const summary = useMemo(() => summarize(p.total, p.currency, tenders, p.rate), [p.total, p.currency, tenders, p.rate]);
  // The change the drawer can give: the notes handed over go in first; riel run out, the till proposes dollars.
  const cashIn = useMemo(() => {
    const sum = { USD: 0, KHR: 0 };
    for (const x of summary.valid) if (cash && x.methodId === cash.id) sum[x.currency] += x.minor;
    return sum;
  }, [summary, cash]);
  const change = useMemo(() => changeOptions(summary, p.currency, p.drawer, cashIn), [summary, p.currency, p.drawer, cashIn]);
  const [changeChoice, setChangeChoice] = useState<ChangeIn | null>(null);
  const chosen = change.options.find((o) => o.changeIn === changeChoice && o.fits) ?? change.proposed;
  const methodIds = useMemo(() => new Set(p.methods.map((m) => m.id)), [p.methods]);
  const byId = useMemo(() => new Map(p.methods.map((m) => [m.id, m])), [p.methods]);
  const money = (minor: number) => moneyText(minor, p.currency, p.lang);
  // An amount inside a sentence, kept whole and left to right in an Arabic one (Unicode first-strong isolate).
  const iso = (text: string) => (p.lang === 'ar' ? `\u2068${text}\u2069` : text);
  const dueRiel = inRiel(p.total, p.currency, p.rate);
  const busy = p.state.kind === 'sending' || p.state.kind === 'retrying';

  const update = (id: string, patch: Partial<Tender>) => {
    setProblem(null);
    setTenders((ts) => ts.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  };
  /** The cash tender in a currency, made when missing. */
  const cashTender = (currency: TenderCurrency, change: (text: string) => string) => {
    if (!cash) return;
    setProblem(null);
    setTenders((ts) => {
      const found = ts.find((x) => x.methodId === cash.id && x.currency === currency);
      if (found) return ts.map((x) => (x === found ? { ...x, text: change(x.text) } : x));
      return [...ts, { id: tenderId(), methodId: cash.id, currency, text: change('') }];
    });
  };
  const exact = () => {
    // Exact: what is still due, in dollars, on the dollar cash tender (riel already typed counts).
    const others = summarize(
      p.total,
      p.currency,
      tenders.filter((x) => !(cash && x.methodId === cash.id && x.currency === p.currency)),
      p.rate,
    );
    cashTender(p.currency === 'KHR' ? 'KHR' : 'USD', () => formatDecimal(others.remaining.amount, p.currency === 'KHR' ? 0 : 2));
  };
  const addMethod = (m: PosPaymentMethod) => {
    setProblem(null);
    const remaining = summary.remaining.amount;
    setTenders((ts) => [
      ...ts,
      {
        id: tenderId(),
        methodId: m.id,
        currency: p.currency === 'KHR' ? 'KHR' : 'USD',
        text: remaining > 0 ? formatDecimal(remaining, p.currency === 'KHR' ? 0 : 2) : '',
        khqr: m.type === 'khqr' ? null : undefined,
      },
    ]);
  };
  const pay = () => {
    if (busy) return;
    const why = paymentProblem(tenders, summary, methodIds, p.walkIn);
    if (why) {
      // The walk-in customer short: what is still due, not credit.
      setProblem(t(why, { amount: money(summary.remaining.amount) }));
      return;
    }
    p.onPay(
      summary.valid.map((x) => ({
        payment_method_id: x.methodId,
        currency: x.currency,
        amount: formatDecimal(x.minor, x.currency === 'KHR' ? 0 : 2),
        reference: '',
        ...(x.khqr ? { khqr_md5: x.khqr.md5 } : {}),
      })),
      chosen?.changeIn ?? 'split',
    );
  };

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
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Text fw={600}>{t('pos.payment.due')}</Text>
            <Stack gap={0} align="flex-end">
              <Text fz={28} fw={800}>
                <bdi dir="ltr" data-testid="pos-payment-due">
                  {money(p.total)}
                </bdi>
              </Text>
              {dueRiel !== null && (
                <Text c="dimmed" fw={600}>
                  <bdi dir="ltr">{rielText(dueRiel, p.lang)}</bdi>
                </Text>
              )}
            </Stack>
          </Group>

          {p.methods.length === 0 && <NoMethod />}
          {p.short.length > 0 && (
            <Alert color="orange" data-testid="pos-stock-warning">
              {t('pos.payment.not_enough_stock', { names: p.short.join(', ') })}
            </Alert>
          )}

          {tenders.map((x, i) => {
            const m = byId.get(x.methodId);
            return (
              <Stack key={x.id} gap={6}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    style={{ flex: 1 }}
                    size="md"
                    label={`${m?.name ?? t('pos.payment.method')} · ${x.currency === 'KHR' ? t('pos.payment.riel') : t('pos.payment.dollars')}`}
                    value={x.text}
                    onChange={(e) => update(x.id, { text: e.currentTarget.value, khqr: x.khqr === undefined ? undefined : null })}
                    inputMode={x.currency === 'KHR' ? 'numeric' : 'decimal'}
                    data-autofocus={i === 0 || undefined}
                    data-testid={m?.type === 'cash' ? `pos-tender-cash-${x.currency.toLowerCase()}` : 'pos-tender'}
                    leftSection={<span aria-hidden>{x.currency === 'KHR' ? '៛' : '$'}</span>}
                    dir="ltr"
                    disabled={busy}
                  />
                  {m?.type !== 'cash' && (
                    <SegmentedControl
                      value={x.currency}
                      onChange={(v) => update(x.id, { currency: v as TenderCurrency, khqr: x.khqr === undefined ? undefined : null })}
                      data={['USD', 'KHR']}
                      aria-label={t('pos.payment.currency')}
                      disabled={busy}
                    />
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    onClick={() => setTenders((ts) => ts.filter((y) => y.id !== x.id))}
                    aria-label={t('pos.payment.remove', { name: m?.name ?? '' })}
                    disabled={busy}
                    // Out of the tab order: Tab goes from one amount to the next (emptying a field removes it too).
                    tabIndex={-1}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {m?.type === 'khqr' && (
                  <KhqrBox
                    tender={x}
                    method={m}
                    lang={p.lang}
                    onShown={(md5) => update(x.id, { khqr: { md5, confirmed: false } })}
                    onConfirm={() => x.khqr && update(x.id, { khqr: { ...x.khqr, confirmed: true } })}
                  />
                )}
              </Stack>
            );
          })}

          {cash && (
            <div className={classes.quick} aria-label={t('pos.payment.quick')} role="group">
              <Button variant="light" h={44} onClick={exact} disabled={busy} data-testid="pos-quick-exact">
                {t('pos.payment.exact')}
              </Button>
              {USD_QUICK.map((n) => (
                <Button
                  key={n}
                  variant="default"
                  h={44}
                  onClick={() => cashTender('USD', (s) => addToText(s, n * 100, 'USD'))}
                  disabled={busy}
                >
                  <bdi dir="ltr">${n}</bdi>
                </Button>
              ))}
              {RIEL_QUICK.map((n) => (
                <Button
                  key={n}
                  variant="default"
                  h={44}
                  px={4}
                  onClick={() => cashTender('KHR', (s) => addToText(s, n, 'KHR'))}
                  disabled={busy}
                  data-testid={`pos-quick-riel-${n}`}
                >
                  <bdi dir="ltr">{rielText(n, p.lang)}</bdi>
                </Button>
              ))}
            </div>
          )}

          <Group gap={6}>
            {p.methods
              .filter((m) => m.type !== 'cash' || !tenders.some((x) => x.methodId === m.id))
              .map((m) => (
                <Button
                  key={m.id}
                  variant="outline"
                  size="sm"
                  h={44}
                  leftSection={m.type === 'khqr' ? <IconQrcode size={18} /> : undefined}
                  onClick={() => (m.type === 'cash' ? cashTender('USD', (s) => s) : addMethod(m))}
                  disabled={busy}
                >
                  {t('pos.payment.add_method', { name: m.name })}
                </Button>
              ))}
          </Group>

          <div className={classes.totals} style={{ borderTop: 'none', padding: 0 }} data-testid="pos-payment-summary">
            <SummaryRow label={t('pos.payment.paid')} usd={money(summary.paidInDue.amount)} riel={null} testId="pos-paid" />
            {!summary.isPaid && (
              <SummaryRow
                label={t('pos.payment.still_due')}
                usd={money(summary.remaining.amount)}
                riel={p.currency === 'USD' ? rielText(summary.remainingInRiel.amount, p.lang) : null}
                testId="pos-still-due"
                color="red"
              />
            )}
            {summary.changeDue.amount > 0 && (
              <>
                <SummaryRow
                  label={t('pos.payment.change')}
                  usd={money(summary.changeDue.amount)}
                  riel={p.currency === 'USD' ? rielText(summary.changeInRiel.amount, p.lang) : null}
                  testId="pos-change"
                  color="teal"
                  big
                />
                {chosen && (
                  <Text size="sm" ta="end" fw={600} data-testid="pos-change-split">
                    {chosen.usd > 0 && chosen.khr > 0
                      ? t('pos.payment.change_split', {
                          usd: iso(moneyText(chosen.usd, 'USD', p.lang)),
                          khr: iso(rielText(chosen.khr, p.lang)),
                        })
                      : t('pos.payment.change_give', {
                          amount: iso(chosen.usd > 0 ? moneyText(chosen.usd, 'USD', p.lang) : rielText(chosen.khr, p.lang)),
                        })}
                    {chosen.rounding !== 0 && (
                      <Text span size="sm" c="dimmed" fw={400} ms={6} data-testid="pos-change-rounding">
                        {t('pos.payment.rounding', { amount: iso(money(chosen.rounding)) })}
                      </Text>
                    )}
                  </Text>
                )}
                {change.options.length > 0 && (
                  <SegmentedControl
                    fullWidth
                    size="sm"
                    value={chosen?.changeIn ?? 'split'}
                    onChange={(v) => setChangeChoice(v as ChangeIn)}
                    aria-label={t('pos.payment.change_in')}
                    data-testid="pos-change-in"
                    data={change.options.map((o) => ({
                      value: o.changeIn,
                      label: t(`pos.payment.change_in_${o.changeIn.toLowerCase()}`),
                      disabled: !o.fits || busy,
                    }))}
                  />
                )}
                {chosen && !chosen.fits && (
                  <Text size="sm" c="red" role="alert" data-testid="pos-change-short">
                    {t('pos.payment.change_short')}
                  </Text>
                )}
              </>
            )}
            {p.drawer && (
              <Text size="xs" c="dimmed" ta="end" data-testid="pos-drawer">
                {t('pos.payment.drawer_holds', {
                  usd: iso(moneyText(p.drawer.USD, 'USD', p.lang)),
                  khr: iso(rielText(p.drawer.KHR, p.lang)),
                })}
              </Text>
            )}
          </div>

          {p.state.kind === 'approval' && (
            <div data-own-enter>
              <ApprovalForm message={p.state.message} onApprove={p.onApprove} />
            </div>
          )}
          {(problem || p.state.kind === 'error') && (
            <Alert color="red" role="alert" data-testid="pos-payment-error">
              {problem ?? (p.state.kind === 'error' ? p.state.message : '')}
            </Alert>
          )}
          {p.state.kind === 'retrying' && (
            <Alert color="yellow" role="status" icon={<Loader size="xs" />} data-testid="pos-retrying">
              {t('pos.payment.retrying', { attempt: p.state.attempt })}
            </Alert>
          )}

          <Group justify="space-between">
            <Button variant="default" onClick={p.onClose} h={48} disabled={busy} data-own-enter>
              {t('pos.cancel')}
              <span className={classes.kbd} aria-hidden>
                Esc
              </span>
            </Button>
            {p.methods.length > 0 && (
              <Button type="submit" size="lg" h={52} loading={busy} data-testid="pos-payment-submit">
                {/* Credit only for a named customer: the walk-in customer pays the whole total. */}
                {summary.isPaid || p.walkIn ? t('pos.payment.complete') : t('pos.payment.complete_partial')}
                <span className={classes.kbd} aria-hidden>
                  Enter
                </span>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
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

function SummaryRow({
  label,
  usd,
  riel,
  testId,
  color,
  big,
}: {
  label: string;
  usd: string;
  riel: string | null;
  testId: string;
  color?: string;
  big?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text fw={600} fz={big ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={700} fz={big ? 'xl' : 'sm'} c={color} ta="end">
        <bdi dir="ltr">{usd}</bdi>
        {riel && (
          <>
            {' · '}
            <bdi dir="ltr" data-testid={`${testId}-riel`}>
              {riel}
            </bdi>
          </>
        )}
      </Text>
    </Group>
  );
}

/** KHQR: the shop's dynamic QR for this tender's amount and currency; the cashier confirms when the money arrived. */
function KhqrBox({
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
