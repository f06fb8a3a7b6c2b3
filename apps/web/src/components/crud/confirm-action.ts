import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { Text } from '@mantine/core';
import { i18n } from '../../lib/i18n';

/** A yes/no question before an action that changes someone else's access (activate, suspend, …). */
export function confirmAction(opts: { title: string; text: string; confirm: string; color?: string; onConfirm: () => void }): void {
  modals.openConfirmModal({
    title: opts.title,
    children: createElement(Text as never, { size: 'sm' }, opts.text),
    labels: { confirm: opts.confirm, cancel: i18n.t('confirm.cancel') },
    confirmProps: { color: opts.color, 'data-testid': 'confirm-ok' } as Record<string, string>,
    cancelProps: { 'data-testid': 'confirm-cancel' } as Record<string, string>,
    centered: true,
    zIndex: 2000,
    onConfirm: opts.onConfirm,
  });
}
