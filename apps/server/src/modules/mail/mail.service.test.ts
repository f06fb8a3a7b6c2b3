import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { SMTP_PASSWORD, startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { readOutbox } from '../../cli/outbox-reader';
import { sendMail } from './index';

const KHMER = {
  to: 'sophea@example.com',
  subject: 'លេខកូដផ្ទៀងផ្ទាត់ POSAUTO របស់អ្នក',
  text: 'សួស្តី Sophea,\n\nលេខកូដរបស់អ្នកគឺ 482913។\n' + 'ក'.repeat(200),
  html: '<p>សួស្តី Sophea</p><p><strong>482913</strong></p>',
  code: '482913',
};

function recordingLog() {
  const lines: Array<{ obj: object; msg: string }> = [];
  return { lines, info: (obj: object, msg: string) => lines.push({ obj, msg }) };
}

describe('mail without SMTP_URL: the outbox', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'posauto-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each message as a .eml file that reads back with its Khmer subject, text and HTML', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const delivery = await sendMail(config, KHMER);
    expect(delivery).toEqual({ via: 'outbox', file: expect.stringMatching(/\/outbox\/[\w-]+\.eml$/) });
    const [latest] = await readOutbox(dataDir, 1);
    expect(latest).toMatchObject({ to: KHMER.to, subject: KHMER.subject, text: KHMER.text, from: 'POSAUTO <no-reply@posauto.local>' });
    expect(latest!.html).toContain(KHMER.html);
  });

  it('lists the latest messages first, as many as asked', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    for (const n of [1, 2, 3]) {
      await sendMail(config, { to: `n${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await readOutbox(dataDir, 2)).map((m) => m.subject)).toEqual(['Message 3', 'Message 2']);
    expect((await readdir(join(dataDir, 'outbox'))).length).toBe(4);
  });

  it('logs the code in development, so sign-up works on a machine without mail', async () => {
    const log = recordingLog();
    await sendMail(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }), KHMER, log);
    expect(log.lines).toEqual([{ obj: expect.objectContaining({ to: KHMER.to, code: '482913' }), msg: expect.any(String) }]);
  });

  it('never logs in production', async () => {
    const log = recordingLog();
    await sendMail(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }), KHMER, log);
    expect(log.lines).toEqual([]);
  });

  it('answers an empty list when nothing was ever written', async () => {
    expect(await readOutbox(join(dataDir, 'nothing-here'), 5)).toEqual([]);
  });
});

describe('mail through SMTP_URL', () => {
  let smtp: TestSmtp;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    dataDir = await mkdtemp(join(tmpdir(), 'posauto-mail-'));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends through the SMTP server with its credentials, from MAIL_FROM, and writes no outbox file', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Demo Shop <shop@example.com>',
    });
    const log = recordingLog();
    const delivery = await sendMail(config, KHMER, log);
    expect(delivery.via).toBe('smtp');
    const mail = await smtp.waitFor(KHMER.to, 0);
    expect(mail).toMatchObject({ from: 'Demo Shop <shop@example.com>', to: KHMER.to, subject: KHMER.subject, text: KHMER.text });
    expect(mail.html).toContain(KHMER.html);
    expect(log.lines).toEqual([]);
    expect(await readOutbox(dataDir, 10)).toEqual([]);
  });

  it('fails loudly when the SMTP server refuses the credentials', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: smtp.url.replace(SMTP_PASSWORD, 'wrong-password') });
    await expect(sendMail(config, { ...KHMER, to: 'refused@example.com' })).rejects.toThrow();
    expect(smtp.to('refused@example.com')).toEqual([]);
  });
});
