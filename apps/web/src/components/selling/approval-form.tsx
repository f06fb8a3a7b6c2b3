import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * A discount above the cashier's limit: a manager (any user whose role allows the discount) signs on the till's own
 * screen with their email and password, and the sale goes again with the approval. Nothing is kept in the browser.
 */
export function ApprovalForm({ message, onApprove }: { message: string; onApprove: (email: string, password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The form appears under the payment: the focus goes to its first field, so the approver can type at once.
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => emailRef.current?.focus(), []);
  const approve = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onApprove(email.trim(), password);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.internal'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" icon={<IconShieldCheck size={20} />} title={t('sales_ui.approval.title')} data-testid="pos-approval">
      <Stack gap="xs">
        <span>{message}</span>
        <TextInput
          label={t('sales_ui.approval.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          ref={emailRef}
          data-testid="pos-approval-email"
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void approve())}
        />
        <PasswordInput
          label={t('sales_ui.approval.password')}
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="pos-approval-password"
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void approve())}
        />
        {error && (
          <Alert color="red" role="alert" p="xs" data-testid="pos-approval-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            color="orange"
            h={44}
            loading={busy}
            onClick={() => void approve()}
            disabled={!email || !password}
            data-testid="pos-approval-submit"
          >
            {t('sales_ui.approval.approve')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
