import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { translate, type Language } from '../../lib/i18n';

/** What a code is for: it says which mail is sent, so it lives here, below the service that issues codes. */
export type CodePurpose = 'signup' | 'reset';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The emailed code, as plain text and as HTML, in the language of the request that asked for it. */
export function codeMail(lang: Language, purpose: CodePurpose, v: { name: string; code: string; minutes: number }) {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  return layoutMail(lang, {
    subject: t(purpose === 'signup' ? 'mail.signup_subject' : 'mail.reset_subject'),
    greeting: t('mail.greeting', { name: v.name }),
    intro: [t(purpose === 'signup' ? 'mail.signup_intro' : 'mail.reset_intro')],
    code: v.code,
    outro: [t('mail.code_valid', { minutes: v.minutes }), t('mail.ignore')],
  });
}

/**
 * A POSAUTO mail as plain text and HTML (escaped, right to left for Arabic): a greeting, paragraphs, an optional
 * code shown large, more paragraphs and the signature. Every text is already translated.
 */
export function layoutMail(lang: Language, m: { subject: string; greeting: string; intro: string[]; code?: string; outro: string[] }) {
  const signature = translate(lang, 'mail.signature');
  const codeLines = m.code ? ['', `    ${m.code}`] : [];
  const text = [m.greeting, '', ...m.intro, ...codeLines, '', ...m.outro, '', `-- `, signature].join('\n');
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f6f8;font-family:'Noto Sans Khmer','Noto Sans',Arial,sans-serif;color:#1f2933">`,
    `<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`,
    `<h1 style="margin:0 0 16px;font-size:20px;color:#228be6">POSAUTO</h1>`,
    p(m.greeting),
    ...m.intro.map(p),
    ...(m.code
      ? [`<p dir="ltr" style="margin:16px 0;font-size:32px;font-weight:700;letter-spacing:8px;text-align:center">${escapeHtml(m.code)}</p>`]
      : []),
    ...m.outro.map(p),
    `<p style="margin:16px 0 0;color:#52606d">${escapeHtml(signature)}</p>`,
    `</div></body></html>`,
  ].join('\n');
  return { subject: m.subject, text, html };
}
