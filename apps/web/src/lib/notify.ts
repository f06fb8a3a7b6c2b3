import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';
import { ApiError } from './api-client';

export function notifySuccess(messageKey: string): void {
  notifications.show({ color: 'teal', message: i18n.t(messageKey), autoClose: 3000 });
}

export function notifyInfo(messageKey: string): void {
  notifications.show({ color: 'gray', message: i18n.t(messageKey), autoClose: 3000 });
}

export function notifyError(error: unknown): void {
  const message = error instanceof ApiError ? error.message : i18n.t('errors.internal');
  notifications.show({ color: 'red', message, autoClose: 6000 });
}
