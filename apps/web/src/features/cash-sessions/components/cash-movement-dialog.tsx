import { Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASH_CURRENCIES,
  CASH_MOVEMENT_TYPES,
  cashMovementInputSchema,
  type CashCurrency,
  type CashMovementType,
  type CashSessionDetail,
} from '@posauto/shared/schemas/cash-sessions';
import { FormActions } from '../../../components/crud/form-actions';
import { useEntityForm } from '../../../components/crud/use-entity-form';
import { currentLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useCashMovement } from '../api/cash-sessions';
import { formatCash } from '../lib/cash-money';

type Values = { type: CashMovementType; currency: CashCurrency; amount: string; reason: string };

function MovementForm({ session, type, onClose }: { session: CashSessionDetail; type: CashMovementType; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useCashMovement();
  const [values, setValues] = useState<Pick<Values, 'type' | 'currency'>>({ type, currency: 'USD' });
  const initial: Values = { type, currency: 'USD', amount: '', reason: '' };
  const { form, onSubmit, saving } = useEntityForm(cashMovementInputSchema, initial, async (v) => {
    await save.mutateAsync({ id: session.id, input: v });
    notifySuccess('cash.messages.moved');
    onClose();
  });
  form.watch('type', ({ value }) => setValues((p) => ({ ...p, type: value })));
  form.watch('currency', ({ value }) => setValues((p) => ({ ...p, currency: value })));
  const inDrawer = values.currency === 'USD' ? session.expected_usd : session.expected_khr;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="cash-movement-form">
      <Stack>
        <div>
          <Text size="sm" fw={500} mb={4} id="movement-type-label">
            {t('cash.movement_type')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="movement-type-label"
            data={CASH_MOVEMENT_TYPES.map((v) => ({ value: v, label: t(v === 'in' ? 'cash.cash_in' : 'cash.cash_out') }))}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id="movement-currency-label">
            {t('cash.currency')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="movement-currency-label"
            data={CASH_CURRENCIES.map((c) => ({ value: c, label: t(`cash.currencies.${c}`) }))}
            key={form.key('currency')}
            {...form.getInputProps('currency')}
          />
        </div>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('cash.in_drawer')}
          </Text>
          <Text size="sm" fw={600} dir="ltr" data-testid="in-drawer">
            {formatCash(values.currency, inDrawer, lang)}
          </Text>
        </Group>
        <TextInput
          label={t('cash.amount')}
          withAsterisk
          inputMode="decimal"
          dir="ltr"
          rightSection={values.currency}
          rightSectionWidth={48}
          data-autofocus
          data-testid="movement-amount"
          key={form.key('amount')}
          {...form.getInputProps('amount')}
        />
        <Textarea
          label={t('cash.reason')}
          placeholder={t('cash.reason_placeholder')}
          withAsterisk
          autosize
          minRows={2}
          data-testid="movement-reason"
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
        <FormActions saving={saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Petty cash into or out of the cashier's own open session, with its reason. */
export function CashMovementDialog({
  opened,
  onClose,
  session,
  type = 'in',
}: {
  opened: boolean;
  onClose: () => void;
  session: CashSessionDetail | null;
  type?: CashMovementType;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('cash.cash_movement')} centered>
      {opened && session && <MovementForm session={session} type={type} onClose={onClose} />}
    </Modal>
  );
}
