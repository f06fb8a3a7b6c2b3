import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../../test/factories';
import { ADMIN, bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { codeIn, startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { readOutbox } from '../../cli/outbox-reader';

const EN = { 'accept-language': 'en' };
const MINUTE = 60 * 1000;
const locale = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../../../packages/shared/src/locales/accounts/${lang}.json`, import.meta.url), 'utf8')) as {
    mail: Record<string, string>;
    messages: Record<string, string>;
  };

// Real (tiny) images: the server decodes a logo before it keeps it.
const tiny = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a7' } })
    .toFormat(format)
    .toBuffer();
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

let addressCount = 0;
/** Each test signs up from its own address, so the per-address send limit only bites where a test means it to. */
const nextAddress = () => `10.40.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;
let emailCount = 0;
const newEmail = () => `signup-${++emailCount}-${Date.now()}@example.com`;

const account = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Lina',
  last_name: 'Heng',
  email,
  confirm_email: email,
  package: 'standard',
  ...extra,
});
const shopInfo = (token: string, extra: Record<string, unknown> = {}) => ({
  registration_token: token,
  password: 'lina-secret-1',
  confirm_password: 'lina-secret-1',
  shop_name: 'Lina Noodle House',
  shop_type: 'restaurant',
  phone: '+855 12 222 333',
  address: 'Street 51, Phnom Penh',
  company_name: 'Lina Co., Ltd.',
  contact_name: 'Lina Heng',
  note: 'Two floors',
  ...extra,
});

describe('sign-up through a real SMTP server', () => {
  let t: TestContext;
  let smtp: TestSmtp;
  let dataDir: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    [PNG, JPEG, WEBP] = await Promise.all([tiny('png'), tiny('jpeg'), tiny('webp')]);
    dataDir = await mkdtemp(join(tmpdir(), 'posauto-signup-'));
    t = await createTestApp({ env: { SMTP_URL: smtp.url, DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, options: { lang?: string; address?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'accept-language': options.lang ?? 'en' },
      payload,
      remoteAddress: options.address ?? nextAddress(),
    });

  /** Step 1, then the code from the mail that arrives. */
  async function registerAndReadCode(email: string, extra: Record<string, unknown> = {}, lang = 'en') {
    const seen = smtp.to(email).length;
    const res = await post('/api/v1/register', account(email, extra), { lang });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(email, seen);
    return { res, mail, code: codeIn(mail) };
  }

  async function verifiedToken(email: string, extra: Record<string, unknown> = {}) {
    const { code } = await registerAndReadCode(email, extra);
    const res = await post('/api/v1/otp-verify', { email, code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().registration_token as string;
  }

  const resend = async (email: string, address?: string) => {
    const seen = smtp.to(email).length;
    const res = await post('/api/v1/otp-resend', { email }, { address });
    return { res, next: () => smtp.waitFor(email, seen) };
  };

  const wrongCodeFor = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

  describe('the whole way', () => {
    it('creates a shop waiting for activation from the code in the email; once activated, its owner signs in', async () => {
      const email = newEmail();
      const { res, mail, code } = await registerAndReadCode(email);
      expect(res.json()).toEqual({ message: `We have sent a 6-digit code to ${email}. It is valid for 10 minutes.`, email });
      expect(mail).toMatchObject({ from: 'POSAUTO <no-reply@posauto.local>', to: email, subject: 'Confirm your email for POSAUTO' });
      expect(mail.text).toContain('Hello Lina,');
      expect(mail.text).toContain('The code is valid for 10 minutes and can be used only once.');
      expect(mail.html).toContain(`>${code}</p>`);

      const verified = await post('/api/v1/otp-verify', { email, code });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({
        message: 'Your email is verified. Now tell us about your shop.',
        registration_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });

      const done = await post('/api/v1/registration', shopInfo(verified.json().registration_token));
      expect(done.statusCode, done.body).toBe(201);
      expect(done.json()).toEqual({ message: 'Thank you! Our team will activate your shop in about 5 minutes.', status: 'pending' });

      const db = t.deps.db;
      const business = await db.selectFrom('businesses').selectAll().where('shop_name', '=', 'Lina Noodle House').executeTakeFirstOrThrow();
      expect(business).toMatchObject({
        shop_type: 'restaurant',
        package: 'standard',
        status: 'pending',
        phone: '+855 12 222 333',
        address: 'Street 51, Phnom Penh',
        company_name: 'Lina Co., Ltd.',
        contact_name: 'Lina Heng',
        note: 'Two floors',
        logo: null,
        is_platform: 0,
      });
      const branches = await db.selectFrom('branches').select('name').where('business_id', '=', business.id).execute();
      expect(branches).toEqual([{ name: 'Main branch' }]);
      const roles = await db.selectFrom('roles').select('name').where('business_id', '=', business.id).orderBy('name').execute();
      expect(roles.map((r) => r.name)).toEqual(['Cashier', 'Manager', 'Owner']);
      const methods = await db.selectFrom('payment_methods').select(['name', 'type']).where('business_id', '=', business.id).execute();
      expect(methods).toEqual([{ name: 'Cash', type: 'cash' }]);
      const owner = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(owner).toMatchObject({
        business_id: business.id,
        first_name: 'Lina',
        last_name: 'Heng',
        is_owner: 1,
        status: 'active',
        branch_id: null,
      });
      expect(await verify(owner.password_hash, 'lina-secret-1')).toBe(true);
      expect(await db.selectFrom('registrations').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
      const audit = await db.selectFrom('audit_log').selectAll().where('business_id', '=', business.id).execute();
      expect(audit).toEqual([
        expect.objectContaining({ action: 'business.register', entity: 'business', entity_id: business.id, user_id: owner.id }),
      ]);

      const refused = await post('/api/v1/login', { email, password: 'lina-secret-1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Your shop is waiting for activation by our team. This usually takes about 5 minutes.' });

      const admin = await loginAs(t.app, ADMIN);
      const activated = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/businesses/${business.id}/activate`,
        headers: { ...bearer(admin), ...EN },
      });
      expect(activated.statusCode).toBe(200);

      const signedIn = await post('/api/v1/login', { email, password: 'lina-secret-1' });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().data).toEqual({ name: 'Lina Heng', role_name: 'Owner', role: ['Owner'], branch_id: null });
      expect(signedIn.json().permissions).toEqual(expect.arrayContaining(['sale-pos', 'stock-management', 'user-management']));
    });

    it('seeds a shop signed up in Khmer in Khmer, with Cash to take dollars and riel, its preset roles found by their keys', async () => {
      const email = newEmail();
      const { code } = await registerAndReadCode(email, {}, 'km');
      const verified = await post('/api/v1/otp-verify', { email, code }, { lang: 'km' });
      expect(verified.statusCode, verified.body).toBe(200);
      const done = await post('/api/v1/registration', shopInfo(verified.json().registration_token, { shop_name: 'ហាងកាហ្វេស្រីមុំ' }), {
        lang: 'km',
      });
      expect(done.statusCode, done.body).toBe(201);

      const db = t.deps.db;
      const business = await db.selectFrom('businesses').selectAll().where('shop_name', '=', 'ហាងកាហ្វេស្រីមុំ').executeTakeFirstOrThrow();
      const of = { business_id: business.id };
      expect(await db.selectFrom('branches').select('name').where('business_id', '=', of.business_id).execute()).toEqual([
        { name: 'សាខាធំ' },
      ]);
      const roles = await db
        .selectFrom('roles')
        .select(['preset_key', 'name', 'is_owner', 'is_preset'])
        .where('business_id', '=', of.business_id)
        .orderBy('preset_key')
        .execute();
      expect(roles).toEqual([
        { preset_key: 'cashier', name: 'អ្នកគិតលុយ', is_owner: 0, is_preset: 1 },
        { preset_key: 'manager', name: 'អ្នកគ្រប់គ្រង', is_owner: 0, is_preset: 1 },
        { preset_key: 'owner', name: 'ម្ចាស់ហាង', is_owner: 1, is_preset: 1 },
      ]);
      const walkIn = await db
        .selectFrom('customers')
        .select(['id', 'name', 'is_walk_in'])
        .where('business_id', '=', of.business_id)
        .execute();
      expect(walkIn).toEqual([{ id: expect.any(String), name: 'អតិថិជនទូទៅ', is_walk_in: 1 }]);
      const methods = await db
        .selectFrom('payment_methods')
        .select(['id', 'name', 'type', 'status'])
        .where('business_id', '=', of.business_id)
        .execute();
      expect(methods).toEqual([{ id: expect.any(String), name: 'សាច់ប្រាក់', type: 'cash', status: 1 }]);
      // The till starts each sale with the walk-in customer and Cash; the payment methods list counts it.
      expect(
        await db
          .selectFrom('sale_settings')
          .select(['default_customer_id', 'default_payment_method_id'])
          .where('business_id', '=', of.business_id)
          .executeTakeFirst(),
      ).toEqual({ default_customer_id: walkIn[0]!.id, default_payment_method_id: methods[0]!.id });
      const counted = await db
        .selectFrom('tenant_counters')
        .select('value')
        .where('business_id', '=', of.business_id)
        .where('name', '=', 'payment_methods')
        .executeTakeFirstOrThrow();
      expect(Number(counted.value)).toBe(1);
      expect(business.setup_dismissed_at).toBeNull();

      const admin = await loginAs(t.app, ADMIN);
      const activated = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/businesses/${business.id}/activate`,
        headers: { ...bearer(admin), ...EN },
      });
      expect(activated.statusCode).toBe(200);
      const signedIn = await post('/api/v1/login', { email, password: 'lina-secret-1' }, { lang: 'km' });
      expect(signedIn.json().data).toMatchObject({ role_name: 'ម្ចាស់ហាង', role: ['ម្ចាស់ហាង'] });
      // What the till (and its receipt) names the customer and offers to pay with.
      const catalogue = await t.app.inject({ url: '/api/v1/pos/catalogue', headers: { ...bearer(signedIn.json().access_token), ...EN } });
      expect(catalogue.statusCode, catalogue.body).toBe(200);
      expect(catalogue.json().sale_settings.walk_in_customer).toMatchObject({ name: 'អតិថិជនទូទៅ' });
      expect(catalogue.json().payment_methods).toEqual([expect.objectContaining({ name: 'សាច់ប្រាក់', type: 'cash' })]);
    });

    it('keeps no password for a pending sign-up, the code only as a salted hash, and the password of step 3 as Argon2id', async () => {
      const email = newEmail();
      const { code } = await registerAndReadCode(email);
      const pending = await t.deps.db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(Object.keys(pending)).not.toContain('password_hash');
      const stored = await t.deps.db.selectFrom('email_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ purpose: 'signup', attempts: 0, used_at: null });
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(code);
      const verified = await post('/api/v1/otp-verify', { email, code });
      const done = await post('/api/v1/registration', shopInfo(verified.json().registration_token, { shop_name: 'Hashed Cafe' }));
      expect(done.statusCode, done.body).toBe(201);
      const owner = await t.deps.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
      expect(owner.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('writes the email in the language of the request, right to left in Arabic', async () => {
      const km = locale('km');
      const khmer = await registerAndReadCode(newEmail(), {}, 'km');
      expect(khmer.mail.subject).toBe(km.mail.signup_subject);
      expect(khmer.mail.text).toContain(km.mail.greeting!.replace('{{name}}', 'Lina'));
      expect(khmer.res.json().message).toBe(km.messages.code_sent!.replace('{{email}}', khmer.res.json().email));

      const arabic = await registerAndReadCode(newEmail(), {}, 'ar');
      expect(arabic.mail.subject).toBe(locale('ar').mail.signup_subject);
      expect(arabic.mail.html).toContain('dir="rtl"');
    });

    it('lets nobody replace a pending sign-up: a repeat only re-sends the code, and the password is chosen after the email is proven', async () => {
      const email = newEmail();
      await registerAndReadCode(email, { password: 'first-pass-A', confirm_password: 'first-pass-A' });
      // Someone else, who does not read the mailbox, signs up the same email with their own details.
      const { res, mail, code } = await registerAndReadCode(email, {
        first_name: 'Mallory',
        last_name: 'Intruder',
        package: 'premium',
        password: 'intruder-pass-B',
        confirm_password: 'intruder-pass-B',
      });
      expect(res.json()).toEqual({ message: `We have sent a 6-digit code to ${email}. It is valid for 10 minutes.`, email });
      expect(mail.text).toContain('Hello Lina,');
      const pending = await t.deps.db.selectFrom('registrations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(pending).toMatchObject({ first_name: 'Lina', last_name: 'Heng', package: 'standard' });
      // The mailbox owner enters the newest code and finishes with the password they choose now.
      const verified = await post('/api/v1/otp-verify', { email, code });
      expect(verified.statusCode).toBe(200);
      const done = await post(
        '/api/v1/registration',
        shopInfo(verified.json().registration_token, {
          shop_name: 'Owner Kept Cafe',
          password: 'owner-pass-C',
          confirm_password: 'owner-pass-C',
        }),
      );
      expect(done.statusCode, done.body).toBe(201);
      const business = await t.deps.db
        .selectFrom('businesses')
        .selectAll()
        .where('shop_name', '=', 'Owner Kept Cafe')
        .executeTakeFirstOrThrow();
      expect(business.package).toBe('standard');
      const owner = await t.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(owner).toMatchObject({ first_name: 'Lina', last_name: 'Heng' });
      expect(await verify(owner.password_hash, 'owner-pass-C')).toBe(true);
      expect(await verify(owner.password_hash, 'intruder-pass-B')).toBe(false);
      expect(await verify(owner.password_hash, 'first-pass-A')).toBe(false);
      await t.deps.db.updateTable('businesses').set({ status: 'active' }).where('id', '=', business.id).execute();
      expect((await post('/api/v1/login', { email, password: 'intruder-pass-B' })).statusCode).toBe(401);
      expect((await post('/api/v1/login', { email, password: 'owner-pass-C' })).statusCode).toBe(200);
    });
  });

  describe('step 1: create account', () => {
    it('answers an email that already has an account exactly like a free one, and mails its owner instead of a code', async () => {
      const free = newEmail();
      const freeAnswer = await post('/api/v1/register', account(free));
      const seen = smtp.to(OWNER.email).length;
      const taken = await post('/api/v1/register', account('Owner@POSAUTO.local'));
      expect(taken.statusCode).toBe(freeAnswer.statusCode);
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toEqual({
        message: `We have sent a 6-digit code to ${OWNER.email}. It is valid for 10 minutes.`,
        email: OWNER.email,
      });
      expect(Object.keys(taken.json())).toEqual(Object.keys(freeAnswer.json()));
      expect(taken.headers['content-type']).toBe(freeAnswer.headers['content-type']);
      const notice = await smtp.waitFor(OWNER.email, seen);
      expect(notice.subject).toBe('Someone tried to sign up with your email');
      const owner = await t.deps.db.selectFrom('users').select('first_name').where('email', '=', OWNER.email).executeTakeFirstOrThrow();
      expect(notice.text).toContain(`Hello ${owner.first_name},`);
      expect(notice.text).toContain('sign in with your password, or choose “Forgot password?”');
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      expect(
        await t.deps.db.selectFrom('registrations').select('email').where('email', '=', OWNER.email).executeTakeFirst(),
      ).toBeUndefined();
      expect(await t.deps.db.selectFrom('email_codes').select('email').where('email', '=', OWNER.email).executeTakeFirst()).toBeUndefined();
    });

    it('mails the notice in the language of the request', async () => {
      const seen = smtp.to(OWNER.email).length;
      expect((await post('/api/v1/register', account(OWNER.email), { lang: 'km' })).statusCode).toBe(200);
      const notice = await smtp.waitFor(OWNER.email, seen);
      expect(notice.subject).toBe(locale('km').mail.signup_taken_subject);
    });

    it("answers the spec's messages for every missing or wrong field", async () => {
      const empty = await post('/api/v1/register', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        message: 'Please check the highlighted fields',
        errors: {
          first_name: 'Please enter first name',
          last_name: 'Please enter last name',
          email: 'Please fill email address',
          confirm_email: 'Confirm email is no matched!',
          package: 'Please select package',
        },
      });
      const email = newEmail();
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ confirm_email: 'other@example.com' }, { confirm_email: 'Confirm email is no matched!' }],
        [{ package: 'gold' }, { package: 'Please select package' }],
        [{ email: 'not-an-email', confirm_email: 'not-an-email' }, { email: 'Your email is incorrect' }],
        [{ first_name: '  ' }, { first_name: 'Please enter first name' }],
      ];
      for (const [change, errors] of cases) {
        const res = await post('/api/v1/register', account(email, change));
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
      }
      expect(smtp.to(email)).toEqual([]);
    });

    it('accepts the confirmation email in another case', async () => {
      const email = newEmail();
      const res = await post('/api/v1/register', account(email, { confirm_email: email.toUpperCase() }));
      expect(res.statusCode).toBe(200);
    });
  });

  describe('the emailed code', () => {
    it('answers the spec message for a code that is not 6 digits', async () => {
      for (const code of ['12345', '1234567', 'abcdef', '']) {
        const res = await post('/api/v1/otp-verify', { email: newEmail(), code });
        expect(res.statusCode, code).toBe(400);
        expect(res.json().errors, code).toEqual({ code: 'OTP must be 6 digits' });
      }
    });

    it('works up to 10 minutes after it was sent, not after', async () => {
      const early = newEmail();
      const { code: earlyCode } = await registerAndReadCode(early);
      const late = newEmail();
      const { code: lateCode } = await registerAndReadCode(late);
      t.clock.advance(10 * MINUTE - 1000);
      expect((await post('/api/v1/otp-verify', { email: early, code: earlyCode })).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await post('/api/v1/otp-verify', { email: late, code: lateCode });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({
        message: 'This code has expired. Please ask for a new one.',
        errors: { code: 'This code has expired. Please ask for a new one.' },
      });
    });

    it('works only once', async () => {
      const email = newEmail();
      const { code } = await registerAndReadCode(email);
      expect((await post('/api/v1/otp-verify', { email, code })).statusCode).toBe(200);
      const again = await post('/api/v1/otp-verify', { email, code });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('The code is not correct. Please check the email we sent and try again.');
    });

    it('allows five tries: the sixth answers 429 even with the right code', async () => {
      const email = newEmail();
      const { code } = await registerAndReadCode(email);
      for (let i = 1; i <= 5; i++) {
        const res = await post('/api/v1/otp-verify', { email, code: wrongCodeFor(code) });
        expect(res.statusCode, `try ${i}`).toBe(400);
        expect(res.json().errors).toEqual({ code: 'The code is not correct. Please check the email we sent and try again.' });
      }
      const sixth = await post('/api/v1/otp-verify', { email, code });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe('Too many wrong codes. Please ask for a new code.');

      const { res, next } = await resend(email);
      expect(res.statusCode).toBe(200);
      expect((await post('/api/v1/otp-verify', { email, code: codeIn(await next()) })).statusCode).toBe(200);
    });

    it('counts every one of many wrong tries sent at the same moment', async () => {
      const email = newEmail();
      const { code } = await registerAndReadCode(email);
      const tries = await Promise.all(Array.from({ length: 8 }, () => post('/api/v1/otp-verify', { email, code: wrongCodeFor(code) })));
      expect(tries.map((r) => r.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
      expect((await post('/api/v1/otp-verify', { email, code })).statusCode).toBe(429);
    });

    it('stops working when a new one is sent', async () => {
      const email = newEmail();
      const { code: old } = await registerAndReadCode(email);
      let fresh = old;
      // A new code equals the old one once in a million; send again in that case, so the test always shows it.
      for (let i = 0; i < 3 && fresh === old; i++) {
        const { res, next } = await resend(email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'If this email is waiting for a code, we have sent a new one. It is valid for 10 minutes.' });
        fresh = codeIn(await next());
      }
      expect(fresh).not.toBe(old);
      const oldOne = await post('/api/v1/otp-verify', { email, code: old });
      expect(oldOne.statusCode).toBe(400);
      expect(oldOne.json().errors).toEqual({ code: 'The code is not correct. Please check the email we sent and try again.' });
      expect((await post('/api/v1/otp-verify', { email, code: fresh })).statusCode).toBe(200);
    });

    it('is sent at most 5 times an hour to one email, then again after the hour', async () => {
      const email = newEmail();
      await registerAndReadCode(email);
      for (let i = 2; i <= 5; i++) expect((await resend(email)).res.statusCode, `send ${i}`).toBe(200);
      const blocked = (await resend(email)).res;
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many codes were requested. Please try again in 60 minutes.' });
      expect(Number(blocked.headers['retry-after'])).toBe(3600);
      // The fifth mail arrives (resends are delivered after the answer), and no sixth follows it.
      await smtp.waitFor(email, 4);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.to(email)).toHaveLength(5);
      t.clock.advance(60 * MINUTE + 1000);
      const { res, next } = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(codeIn(await next())).toMatch(/^\d{6}$/);
    });

    it('is sent at most 30 times an hour from one address, whatever the emails', async () => {
      const address = '10.99.0.1';
      for (let i = 0; i < 30; i++) expect((await resend(newEmail(), address)).res.statusCode, `send ${i + 1}`).toBe(200);
      expect((await resend(newEmail(), address)).res.statusCode).toBe(429);
      const other = await post('/api/v1/register', account(newEmail()), { address });
      expect(other.statusCode).toBe(429);
      expect((await resend(newEmail(), '10.99.0.2')).res.statusCode).toBe(200);
    });

    it('answers a resend for an email that is not signing up the same way, and sends nothing', async () => {
      const email = newEmail();
      const { res } = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If this email is waiting for a code, we have sent a new one. It is valid for 10 minutes.' });
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.to(email)).toEqual([]);
    });

    it('cannot be guessed for an email that never signed up', async () => {
      const res = await post('/api/v1/otp-verify', { email: newEmail(), code: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ code: 'The code is not correct. Please check the email we sent and try again.' });
    });
  });

  describe('step 3: shop info', () => {
    it("answers the spec's messages for missing password, shop name, type and phone", async () => {
      const res = await post('/api/v1/registration', { registration_token: 'x'.repeat(43) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        password: 'Please fill your password',
        confirm_password: 'Please enter confirm password',
        shop_name: 'Please enter shop name',
        shop_type: 'Please select shop type',
        phone: 'Please enter phone number',
      });
      const wrongType = await post('/api/v1/registration', shopInfo('x'.repeat(43), { shop_type: 'bakery', phone: 'call me' }));
      expect(wrongType.json().errors).toEqual({ shop_type: 'Please select shop type', phone: 'Please enter a valid phone number' });
    });

    it("asks for the owner's password with the spec's messages", async () => {
      const token = await verifiedToken(newEmail());
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [
          { password: undefined, confirm_password: undefined },
          { password: 'Please fill your password', confirm_password: 'Please enter confirm password' },
        ],
        [{ confirm_password: 'not-the-same' }, { confirm_password: 'Confirm password not matched' }],
        [{ password: '12345', confirm_password: '12345' }, { password: 'Password at least 6 characters' }],
      ];
      for (const [change, errors] of cases) {
        const res = await post('/api/v1/registration', shopInfo(token, { shop_name: 'No Password', ...change }));
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
      }
      expect(await t.deps.db.selectFrom('businesses').select('id').where('shop_name', '=', 'No Password').execute()).toEqual([]);
      expect((await post('/api/v1/registration', shopInfo(token, { shop_name: 'With Password' }))).statusCode).toBe(201);
    });

    it('refuses a token that is unknown, used, or more than an hour old', async () => {
      const expired = {
        message: 'Your sign-up has expired. Please verify your email again.',
        errors: { registration_token: 'Your sign-up has expired. Please verify your email again.' },
      };
      const unknown = await post('/api/v1/registration', shopInfo('x'.repeat(43)));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(expired);

      const token = await verifiedToken(newEmail());
      expect((await post('/api/v1/registration', shopInfo(token, { shop_name: 'Used Once' }))).statusCode).toBe(201);
      const reused = await post('/api/v1/registration', shopInfo(token, { shop_name: 'Used Twice' }));
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual(expired);

      const late = await verifiedToken(newEmail());
      t.clock.advance(60 * MINUTE + 1000);
      const tooLate = await post('/api/v1/registration', shopInfo(late, { shop_name: 'Too Late' }));
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json()).toEqual(expired);
      expect(await t.deps.db.selectFrom('businesses').select('id').where('shop_name', 'in', ['Used Twice', 'Too Late']).execute()).toEqual(
        [],
      );
    });

    it('stores a PNG, JPEG or WebP logo in the media store, as WebP', async () => {
      for (const [mime, bytes, ext] of [
        ['image/png', PNG, 'png'],
        ['image/jpeg', JPEG, 'jpg'],
        ['image/webp', WEBP, 'webp'],
      ] as const) {
        const token = await verifiedToken(newEmail());
        const shopName = `Logo ${ext}`;
        const res = await post('/api/v1/registration', shopInfo(token, { shop_name: shopName, logo: dataUrl(mime, bytes) }));
        expect(res.statusCode, res.body).toBe(201);
        const b = await t.deps.db
          .selectFrom('businesses')
          .select(['id', 'logo'])
          .where('shop_name', '=', shopName)
          .executeTakeFirstOrThrow();
        expect(b.logo).toMatch(new RegExp(`^${b.id}/[0-9a-f]{32}\\.webp$`));
        expect((await sharp(await readFile(join(dataDir, 'media', b.logo!))).metadata()).format).toBe('webp');
      }
    });

    it('refuses a logo that is not a PNG, JPEG or WebP, claims another type, or is over 1 MB, and keeps the token usable', async () => {
      const token = await verifiedToken(newEmail());
      const notImage = { logo: 'The logo must be a PNG, JPEG or WebP image' };
      const cases: Array<[string, Record<string, string>]> = [
        [dataUrl('text/plain', Buffer.from('hello')), notImage],
        [dataUrl('image/gif', Buffer.from('GIF89a....')), notImage],
        [dataUrl('image/png', JPEG), notImage],
        [dataUrl('image/png', Buffer.from('not a png at all')), notImage],
        [dataUrl('image/png', Buffer.concat([PNG.subarray(0, 16), Buffer.from('a PNG header and then garbage')])), notImage],
        ['https://example.com/logo.png', notImage],
        [dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])), { logo: 'The logo must be 1 MB or smaller' }],
      ];
      for (const [logo, errors] of cases) {
        const res = await post('/api/v1/registration', shopInfo(token, { shop_name: 'Bad Logo', logo }));
        expect(res.statusCode, logo.slice(0, 40)).toBe(400);
        expect(res.json().errors, logo.slice(0, 40)).toEqual(errors);
      }
      expect(await t.deps.db.selectFrom('businesses').select('id').where('shop_name', '=', 'Bad Logo').execute()).toEqual([]);
      expect(
        (await post('/api/v1/registration', shopInfo(token, { shop_name: 'Good Logo', logo: dataUrl('image/png', PNG) }))).statusCode,
      ).toBe(201);
    });

    it('answers 409 when the email got an account between the steps', async () => {
      const email = newEmail();
      const token = await verifiedToken(email);
      await createShop(t.deps, { email });
      const res = await post('/api/v1/registration', shopInfo(token, { shop_name: 'Raced' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ email: 'This email is already used by another account' });
      expect(await t.deps.db.selectFrom('businesses').select('id').where('shop_name', '=', 'Raced').execute()).toEqual([]);
    });
  });
});

describe('sign-up without SMTP: the outbox', () => {
  let t: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'posauto-outbox-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts the code in DATA_DIR/outbox, where a person on their own machine can read it and finish', async () => {
    const email = newEmail();
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: EN, payload, remoteAddress: nextAddress() });
    expect((await post('/api/v1/register', account(email))).statusCode).toBe(200);
    const [mail] = await readOutbox(dataDir, 1);
    expect(mail).toMatchObject({ to: email, subject: 'Confirm your email for POSAUTO' });
    const verified = await post('/api/v1/otp-verify', { email, code: codeIn(mail!) });
    expect(verified.statusCode).toBe(200);
    expect(
      (await post('/api/v1/registration', shopInfo(verified.json().registration_token, { shop_name: 'Offline Cafe' }))).statusCode,
    ).toBe(201);
  });
});

describe('sign-up when the SMTP server cannot be reached', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message instead of pretending the code went out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: EN,
      payload: account(newEmail()),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'We could not send the email. Please try again in a few minutes.' });
  });
});
