import { translate, type Language } from '../../lib/i18n';
import { layoutMail } from '../email-codes/index';

/**
 * Sent instead of a code when someone starts a sign-up with an email that already has an account: the caller
 * gets the same answer as for a free email, and only the mailbox's owner learns that it was tried.
 */
export function accountExistsMail(lang: Language, v: { name: string }) {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  return layoutMail(lang, {
    subject: t('mail.signup_taken_subject'),
    greeting: t('mail.greeting', { name: v.name }),
    intro: [t('mail.signup_taken_intro')],
    outro: [t('mail.signup_taken_action'), t('mail.signup_taken_ignore')],
  });
}
