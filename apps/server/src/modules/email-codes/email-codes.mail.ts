import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { translate, type Language } from '../../lib/i18n';
import type { CodePurpose } from './email-codes.service';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The emailed code, as plain text and as HTML, in the language of the request that asked for it. */
export function codeMail(lang: Language, purpose: CodePurpose, v: { name: string; code: string; minutes: number }) {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const subject = t(purpose === 'signup' ? 'mail.signup_subject' : 'mail.reset_subject');
  const greeting = t('mail.greeting', { name: v.name });
  const intro = t(purpose === 'signup' ? 'mail.signup_intro' : 'mail.reset_intro');
  const valid = t('mail.code_valid', { minutes: v.minutes });
  const ignore = t('mail.ignore');
  const signature = t('mail.signature');
  const text = [greeting, '', intro, '', `    ${v.code}`, '', valid, ignore, '', `-- `, signature].join('\n');
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f6f8;font-family:'Noto Sans Khmer','Noto Sans',Arial,sans-serif;color:#1f2933">`,
    `<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    `<h1 style="margin:0 0 16px;font-size:20px;color:#228be6">POSAUTO</h1>`,
    p(greeting),
    p(intro),
    `<p dir="ltr" style="margin:16px 0;font-size:32px;font-weight:700;letter-spacing:8px;text-align:center">${escapeHtml(v.code)}</p>`,
    p(valid),
    p(ignore),
    `<p style="margin:16px 0 0;color:#52606d">${escapeHtml(signature)}</p>`,
    `</div></body></html>`,
  ].join('\n');
  return { subject, text, html };
}
