import { Alert, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TENDER_CURRENCIES, type SaleDetail, type SaleReturnPreview } from '@posauto/shared/schemas/sales';
import { TotalsPanel } from '../../../components/documents/totals-panel';
import type { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { isNonZero, saleMoney } from '../lib/sale-money';

/** How a return pays back, as the form holds it. */
export interface RefundHead {
  refund_method: string;
  refund_currency: string;
  note: string;
}

/** The till session a cash refund comes out of: undefined while not known, null when none is open. */
export type RefundSession = { session_number: string; branch_id: string; branch_name: string } | null | undefined;

export interface RefundOptionsProps {
  sale: SaleDetail;
  head: RefundHead;
  onChange: (patch: Partial<RefundHead>) => void;
  session: RefundSession;
  /** What stops the refund as the server sees it (a drawer that is short), from the preview. */
  problem: string | null;
  errors: Record<string, string>;
}

/** Refund in cash (dollars or riel, from the caller's open session) or to the customer's balance, and a note. */
export function RefundOptions({ sale, head, onChange, session, problem, errors }: RefundOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('sales_ui.refund_method_label')}
        value={head.refund_method}
        onChange={(v) => onChange({ refund_method: v })}
        error={errors.refund_method}
      >
        <Group mt={6}>
          <Radio value="cash" label={t('sales_ui.refund_method.cash')} data-testid="refund-cash" />
          <Radio value="balance" label={t('sales_ui.refund_method.balance')} data-testid="refund-balance" />
        </Group>
      </Radio.Group>
      {head.refund_method === 'cash' && (
        <>
          <Radio.Group
            label={t('sales_ui.refund_currency')}
            value={head.refund_currency}
            onChange={(v) => onChange({ refund_currency: v })}
          >
            <Group mt={6}>
              {TENDER_CURRENCIES.map((c) => (
                <Radio key={c} value={c} label={t(`sales_ui.currency_${c}`)} />
              ))}
            </Group>
          </Radio.Group>
          <RefundDrawer sale={sale} session={session} problem={problem} />
        </>
      )}
      <Textarea
        label={t('sales_ui.note')}
        value={head.note}
        error={errors.note}
        autosize
        minRows={2}
        onChange={(e) => onChange({ note: e.currentTarget.value })}
      />
    </Stack>
  );
}

/**
 * The drawer a cash refund comes out of: the caller's open session, which must be at the sale's branch. Said before
 * saving, and what stops the save said as clearly (no session there, a session elsewhere, a drawer that is short).
 */
function RefundDrawer({ sale, session, problem }: { sale: SaleDetail; session: RefundSession; problem: string | null }) {
  const { t } = useTranslation();
  if (session === undefined) return null;
  if (!session)
    return (
      <Alert color="orange" data-testid="no-open-session">
        {t('sales_ui.no_session_at', { branch: sale.branch_name })}
      </Alert>
    );
  if (session.branch_id !== sale.branch_id)
    return (
      <Alert color="orange" data-testid="refund-other-branch">
        {t('sales_ui.refund_other_branch', { number: session.session_number, branch: session.branch_name, sale_branch: sale.branch_name })}
      </Alert>
    );
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="refund-session">
        {t('sales_ui.refund_from_session', { number: session.session_number, branch: session.branch_name })}
      </Text>
      {problem && (
        <Alert color="orange" data-testid="refund-problem">
          {problem}
        </Alert>
      )}
    </>
  );
}

/** What the return gives back, as the server reckons it before saving: its value, what settles a debt, the refund. */
export function RefundPreview({
  sale,
  preview,
  problem,
  refundMethod,
}: {
  sale: SaleDetail;
  preview: SaleReturnPreview | undefined;
  problem: ApiError | null;
  refundMethod: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Paper withBorder p="md" radius="md" data-testid="return-preview" aria-live="polite">
      <Text fw={600} mb="xs">
        {t('sales_ui.preview_title')}
      </Text>
      {problem ? (
        <Alert color="red" data-testid="return-preview-error">
          {problem.message}
        </Alert>
      ) : !preview ? (
        <Text size="sm" c="dimmed">
          {t('sales_ui.preview_hint')}
        </Text>
      ) : (
        <TotalsPanel
          lines={[
            { label: t('sales_ui.preview_total'), value: saleMoney(preview.total, preview.currency, lang), testId: 'preview-total' },
            isNonZero(preview.settled_amount) && {
              label: t('sales_ui.preview_settled'),
              value: `−${saleMoney(preview.settled_amount, sale.currency, lang)}`,
              testId: 'preview-settled',
            },
            {
              label: t(refundMethod === 'cash' ? 'sales_ui.preview_refund_cash' : 'sales_ui.preview_refund_balance'),
              value: saleMoney(preview.refund_amount, preview.refund_currency, lang),
              testId: 'preview-refund',
              strong: true,
            },
          ]}
        />
      )}
    </Paper>
  );
}
