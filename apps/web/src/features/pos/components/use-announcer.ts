import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * What the till says: a notice on the screen, and the same (or more) to screen readers through its live region
 * (`announce`). Every notice's close button is named in the cashier's language.
 */
export function useAnnouncer() {
  const { t } = useTranslation();
  const [announce, setAnnounce] = useState('');
  const show = useCallback(
    (color: 'red' | 'teal', message: string, autoClose?: number) =>
      notifications.show({
        color,
        message,
        ...(autoClose === undefined ? {} : { autoClose }),
        closeButtonProps: { 'aria-label': t('common.close') },
      }),
    [t],
  );
  /** A red notice that screen readers hear too (with more said to them when `heard` is given). */
  const warn = useCallback(
    (message: string, heard = message) => {
      show('red', message, 4000);
      setAnnounce(heard);
    },
    [show],
  );
  /** Something done (held, sold): a green notice for a moment, and heard. */
  const tell = useCallback(
    (message: string, autoClose: number) => {
      show('teal', message, autoClose);
      setAnnounce(message);
    },
    [show],
  );
  /** A request that failed: the server's message (or the generic one), left on the screen until closed. */
  const fail = useCallback((e: unknown) => show('red', e instanceof ApiError ? e.message : t('errors.internal')), [show, t]);
  return { announce, setAnnounce, warn, tell, fail };
}
