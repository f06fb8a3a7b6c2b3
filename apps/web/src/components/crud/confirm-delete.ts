import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { Text } from '@mantine/core';
import { i18n } from '../../lib/i18n';
import { notifyInfo } from '../../lib/notify';

/** The spec's delete confirmation: OK deletes, Cancel says the deletion was canceled. */
export function confirmDelete(onConfirm: () => void): void {
  let confirmed = false;
  modals.openConfirmModal({
    title: i18n.t('confirm.delete_title'),
    children: createElement(Text as never, { size: 'sm' }, i18n.t('confirm.delete_text')),
    labels: { confirm: i18n.t('confirm.ok'), cancel: i18n.t('confirm.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'confirm-ok' } as Record<string, string>,
    cancelProps: { 'data-testid': 'confirm-cancel' } as Record<string, string>,
    centered: true,
    zIndex: 2000,
    onConfirm: () => {
      confirmed = true;
      onConfirm();
    },
    onCancel: () => notifyInfo('messages.delete_canceled'),
    onClose: () => {
      void confirmed;
    },
  });
}
