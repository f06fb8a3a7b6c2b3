import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type OrderLine } from '@posauto/shared/schemas/restaurant';
import { hasPermission, useUserData } from '../../../lib/auth-store';
import type { useOrderAction } from '../api/tables-api';

const REASONS = ['guest_changed_mind', 'wrong_order', 'too_long', 'quality'] as const;

/**
 * Taking back (part of) a line the kitchen knows about: a reason always; a waiter without `table-void` has someone
 * who holds it sign on the same dialog (their email and password, never kept).
 */
export function VoidDialog({
  line,
  action,
  onClose,
}: {
  line: OrderLine | null;
  action: ReturnType<typeof useOrderAction>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mayVoid = hasPermission(useUserData(), 'table-void');
  const [qty, setQty] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!line) return;
    setQty(Number(line.quantity));
    setReason('');
    setPassword('');
    action.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [line?.id]);
  if (!line) return null;
  const submit = () =>
    action.mutate(
      {
        kind: 'void',
        lineId: line.id,
        body: {
          quantity: String(qty),
          reason,
          ...(mayVoid ? {} : { approver_email: email, approver_password: password }),
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('tables.void.title', { name: line.name })}
      centered
      closeButtonProps={{ 'aria-label': t('tables.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <NumberInput
            label={t('tables.line.quantity')}
            value={qty}
            onChange={setQty}
            min={0.001}
            max={Number(line.quantity)}
            decimalScale={3}
            size="lg"
          />
          <TextInput
            label={t('tables.void.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={FLOOR_LIMITS.reason}
            required
            data-autofocus
          />
          <Group gap="xs" role="group" aria-label={t('tables.void.quick_reasons')}>
            {REASONS.map((k) => (
              <Button key={k} variant="light" h={44} onClick={() => setReason(t(`tables.void.reasons.${k}`))}>
                {t(`tables.void.reasons.${k}`)}
              </Button>
            ))}
          </Group>
          {!mayVoid && (
            <Stack gap="xs">
              <Text size="sm">{t('tables.void.approval')}</Text>
              <TextInput
                label={t('tables.void.approver_email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
                autoComplete="off"
              />
              <PasswordInput
                label={t('tables.void.approver_password')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                required
                autoComplete="off"
              />
            </Stack>
          )}
          {action.error && (
            <Alert color="red" role="alert">
              {action.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={48} onClick={onClose}>
              {t('tables.cancel')}
            </Button>
            <Button type="submit" color="red" h={48} loading={action.isPending} disabled={!reason.trim()}>
              {t('tables.void.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
