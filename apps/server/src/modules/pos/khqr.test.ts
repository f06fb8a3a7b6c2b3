import { createHash } from 'node:crypto';
import { BakongKHQR } from 'bakong-khqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Khqr } from '@posauto/shared/schemas/pos';
import { bearer, CASHIER, createTestApp, KARAOKE, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { newId } from '../../lib/ids';
import { khqrCity, khqrStatus } from './khqr';

let t: TestContext;
let cashier: string;
let karaoke: string;
let coffee: string;
let khqr: string;
let cash: string;
const methods: Record<string, string> = {};

const en = { 'accept-language': 'en' };
const post = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/pos/khqr', headers: { ...bearer(token), ...en }, payload });

beforeAll(async () => {
  t = await createTestApp();
  [cashier, karaoke] = await Promise.all([loginAs(t.app, CASHIER), loginAs(t.app, KARAOKE)]);
  const db = t.deps.db;
  coffee = (await db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()).business_id;
  cash = (
    await db
      .selectFrom('payment_methods')
      .select('id')
      .where('business_id', '=', coffee)
      .where('type', '=', 'cash')
      .executeTakeFirstOrThrow()
  ).id;
  const at = t.deps.clock.now().toISOString();
  const method = (name: string, account: string | null, status = 1) => {
    const id = newId();
    methods[name] = id;
    return { business_id: coffee, id, name, type: 'khqr', account_details: account, status, created_at: at, updated_at: at };
  };
  await db
    .insertInto('payment_methods')
    .values([
      method('KHQR', ' demo_shop@aclb '),
      method('KHQR off', 'demo_shop@aclb', 0),
      method('KHQR empty', null),
      method('KHQR bad', 'not an account'),
    ])
    .execute();
  khqr = methods.KHQR!;
});
afterAll(() => t.close());

describe('POST /api/v1/pos/khqr', () => {
  it('makes a dynamic KHQR the SDK verifies, carrying the amount, currency, account and bill number', async () => {
    const res = await post(cashier, { payment_method_id: khqr, currency: 'USD', amount: '12.50', bill_number: 'INV-000123' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Khqr;
    expect(body).toMatchObject({ currency: 'USD', amount: '12.50', account_id: 'demo_shop@aclb', merchant_name: 'Demo Coffee' });
    expect(body.md5).toBe(createHash('md5').update(body.qr).digest('hex'));
    expect(BakongKHQR.verify(body.qr).isValid).toBe(true);
    const decoded = BakongKHQR.decode(body.qr).data!;
    expect(decoded).toMatchObject({
      bakongAccountID: 'demo_shop@aclb',
      transactionCurrency: '840',
      transactionAmount: '12.50',
      billNumber: 'INV-000123',
      merchantName: 'Demo Coffee',
      merchantCity: 'Phnom Penh',
      // 12: a dynamic QR (one payment of this amount), not the shop's static QR.
      pointofInitiationMethod: '12',
    });
    expect(Number(decoded.expirationTimestamp)).toBe(Date.parse(body.expires_at));
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
    // A tampered string no longer verifies.
    expect(BakongKHQR.verify(body.qr.replace('12.50', '99.50')).isValid).toBe(false);
  });

  it('makes riel QRs in whole riel', async () => {
    const res = await post(cashier, { payment_method_id: khqr, currency: 'KHR', amount: '51300' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Khqr;
    expect(BakongKHQR.verify(body.qr).isValid).toBe(true);
    expect(BakongKHQR.decode(body.qr).data).toMatchObject({ transactionCurrency: '116', transactionAmount: '51300' });
    expect(body.amount).toBe('51300');
    expect((await post(cashier, { payment_method_id: khqr, currency: 'KHR', amount: '51300.5' })).statusCode).toBe(422);
  });

  it('refuses a method that is not an active KHQR method with a Bakong account, and bad amounts', async () => {
    const message = async (payload: object, status: number) => {
      const res = await post(cashier, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      return (res.json() as { message: string }).message;
    };
    const base = { currency: 'USD', amount: '1.00' };
    expect(await message({ ...base, payment_method_id: cash }, 422)).toBe('Choose an active KHQR payment method');
    expect(await message({ ...base, payment_method_id: methods['KHQR off'] }, 422)).toBe('Choose an active KHQR payment method');
    expect(await message({ ...base, payment_method_id: methods['KHQR empty'] }, 422)).toMatch(/no Bakong account id/);
    expect(await message({ ...base, payment_method_id: methods['KHQR bad'] }, 422)).toMatch(/no Bakong account id/);
    await message({ ...base, payment_method_id: newId() }, 404);
    expect(await message({ payment_method_id: khqr, currency: 'USD', amount: '1.234' }, 422)).toMatch(/up to 2 decimals/);
    await message({ payment_method_id: khqr, currency: 'USD', amount: '0' }, 400);
    await message({ payment_method_id: khqr, currency: 'EUR', amount: '1' }, 400);
    // Another shop's method is not found.
    expect((await post(karaoke, { ...base, payment_method_id: khqr })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/pos/khqr', payload: { ...base, payment_method_id: khqr } })).statusCode,
    ).toBe(401);
  });

  it('names the city of the branch address when it is a known city, else Phnom Penh', () => {
    expect(khqrCity('No. 21, Sisowath Quay, Daun Penh, Phnom Penh')).toBe('Phnom Penh');
    expect(khqrCity('Pub Street, Siem Reap')).toBe('Siem Reap');
    expect(khqrCity(null)).toBe('Phnom Penh');
  });
});

describe('GET /api/v1/pos/khqr/:md5/status', () => {
  const md5 = '906ba4a919c7d3ddaf044334a620a79c';

  it('says not_configured without BAKONG_API_TOKEN (the cashier confirms by hand)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/pos/khqr/${md5}/status`, headers: bearer(cashier) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'not_configured', reference: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pos/khqr/nope/status', headers: bearer(cashier) })).statusCode).toBe(400);
  });

  it("reads Bakong's answer when a token is configured (a stand-in for Bakong: tests never reach the internet)", async () => {
    const deps = { ...t.deps, config: { ...t.deps.config, bakongApiToken: 'test-token-123' } };
    const answering = (status: number, body: object) =>
      (async (_url: string | URL | Request, init?: RequestInit) => {
        expect(JSON.parse(String(init?.body))).toEqual({ md5 });
        expect((init?.headers as Record<string, string>).authorization).toBe('Bearer test-token-123');
        return new Response(JSON.stringify(body), { status });
      }) as typeof fetch;
    expect(await khqrStatus(deps, md5, answering(200, { responseCode: 0, data: { hash: 'abc123' } }))).toEqual({
      state: 'paid',
      reference: 'abc123',
    });
    expect(await khqrStatus(deps, md5, answering(200, { responseCode: 1, errorCode: 1, data: null }))).toEqual({
      state: 'unpaid',
      reference: null,
    });
    expect(await khqrStatus(deps, md5, answering(401, {}))).toEqual({ state: 'unavailable', reference: null });
    const failing = (async () => {
      throw new Error('offline');
    }) as typeof fetch;
    expect(await khqrStatus(deps, md5, failing)).toEqual({ state: 'unavailable', reference: null });
  });
});
