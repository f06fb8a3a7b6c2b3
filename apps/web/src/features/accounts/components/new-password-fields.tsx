import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A new password typed twice (sign-up, the forgotten password, one's profile, a new member of staff, an administrator's
 * reset): the browser offers to generate and save it; the screen names the two fields and says the rule where it fits.
 */
export function NewPasswordFields<V extends { password: string; confirm_password: string }>({
  form: typed,
  label,
  confirmLabel,
  hint,
  lock = false,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>;
  label: string;
  confirmLabel: string;
  /** The password rule, as the first field's placeholder or under it. */
  hint?: { as: 'placeholder' | 'description'; text: string };
  /** A lock before each field, as on the sign-in and sign-up pages. */
  lock?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // The form's paths are typed by V; these two are known to exist whatever else V holds.
  const form = typed as unknown as UseFormReturnType<Record<string, unknown>>;
  const icon = lock ? <IconLock size={16} /> : undefined;
  return (
    <>
      <PasswordInput
        label={t(label)}
        autoComplete="new-password"
        placeholder={hint?.as === 'placeholder' ? t(hint.text) : undefined}
        description={hint?.as === 'description' ? t(hint.text) : undefined}
        leftSection={icon}
        withAsterisk
        data-autofocus={autoFocus || undefined}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t(confirmLabel)}
        autoComplete="new-password"
        leftSection={icon}
        withAsterisk
        key={form.key('confirm_password')}
        {...form.getInputProps('confirm_password')}
      />
    </>
  );
}
