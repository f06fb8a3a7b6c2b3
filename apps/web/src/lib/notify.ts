import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';
import { ApiError } from './api-client';

/** The close button says what it does (WCAG 4.1.2): Mantine's own has no name. */
const closeButton = () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close') } });

export function notifySuccess(messageKey: string): void {
  notifications.show({ color: 'teal', message: i18n.t(messageKey), autoClose: 3000, ...closeButton() });
}

export function notifyInfo(messageKey: string): void {
  notifications.show({ color: 'gray', message: i18n.t(messageKey), autoClose: 3000, ...closeButton() });
}

/** Something refused for a reason the user can act on: longer on screen than a success. */
export function notifyWarning(messageKey: string): void {
  notifications.show({ color: 'orange', message: i18n.t(messageKey), autoClose: 8000, ...closeButton() });
}

export function notifyError(error: unknown): void {
  const message = error instanceof ApiError ? error.message : i18n.t('errors.internal');
  notifications.show({ color: 'red', message, autoClose: 6000, ...closeButton() });
}
