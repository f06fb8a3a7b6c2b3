import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { codeMail } from './email-codes.mail';
import { consumeCode, issueCode, newCode } from './index';

describe('emailed codes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('are six digits from the whole range, leading zeros kept', () => {
    const codes = Array.from({ length: 3000 }, newCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    // 3,000 draws from a million values repeat about 4.5 times on average (birthday bound); more than 25
    // repeats has a chance below one in a billion, while a range ten times smaller would repeat about 45 times.
    expect(codes.length - new Set(codes).size).toBeLessThanOrEqual(25);
  });

  it('are kept per email and purpose: a sign-up code does not reset a password', async () => {
    const email = 'both@example.com';
    const now = t.deps.clock.now();
    const signup = await issueCode(t.deps.db, { email, purpose: 'signup' }, now);
    let reset = await issueCode(t.deps.db, { email, purpose: 'reset' }, now);
    // Equal codes happen once in a million: draw again then, so the test always shows the purposes apart.
    while (reset === signup) reset = await issueCode(t.deps.db, { email, purpose: 'reset' }, now);
    await expect(consumeCode(t.deps, { email, purpose: 'reset', code: signup })).rejects.toMatchObject({ messageKey: 'errors.otp_wrong' });
    await expect(consumeCode(t.deps, { email, purpose: 'signup', code: signup })).resolves.toBeUndefined();
    await expect(consumeCode(t.deps, { email, purpose: 'reset', code: reset })).resolves.toBeUndefined();
  });

  it('are stored with a salt of their own: the same code never has the same hash twice', async () => {
    const now = t.deps.clock.now();
    await issueCode(t.deps.db, { email: 'a@example.com', purpose: 'signup' }, now);
    await issueCode(t.deps.db, { email: 'b@example.com', purpose: 'signup' }, now);
    const rows = await t.deps.db
      .selectFrom('email_codes')
      .select(['salt', 'code_hash'])
      .where('email', 'in', ['a@example.com', 'b@example.com'])
      .execute();
    expect(new Set(rows.map((r) => r.salt)).size).toBe(2);
    for (const r of rows) expect(r.salt).toMatch(/^[0-9a-f]{32}$/);
  });

  it('are mailed with the name escaped in the HTML', () => {
    const mail = codeMail('en', 'signup', { name: '<script>alert(1)</script>', code: '012345', minutes: 10 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    expect(mail.text).toContain('012345');
  });
});
