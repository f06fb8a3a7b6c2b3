import { describe, expect, it } from 'vitest';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';
import { KARAOKE, loginAs } from '../../../test/harness';

describe('payment method routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'payment method',
      base: '/api/v1/payment-methods',
      seeded: 'Bank transfer',
      create: { name: 'ABA KHQR', type: 'khqr', account_details: 'ABA 000 111 222' },
      update: { name: 'ABA KHQR (Riverside)', type: 'khqr', account_details: null },
      expected: { name: 'ABA KHQR', type: 'khqr', account_details: 'ABA 000 111 222' },
      bad: { body: { name: ' ', type: 'crypto' }, errors: { name: 'Please enter data', type: 'Please select payment type' } },
      nameTaken: 'A payment method with this name already exists',
      csvHeader: 'Payment method name,Payment type,Account details,Status,Created',
    },
    c,
  );

  it('seeds Cash and Bank transfer for both demo shops', async () => {
    const karaoke = await loginAs(c.t.app, KARAOKE);
    for (const token of [c.owner, karaoke]) {
      const rows = (await c.call('GET', '/api/v1/payment-methods?sort=name', token, undefined)).json().data as Array<{
        name: string;
        type: string;
      }>;
      expect(rows.map((r) => [r.name, r.type])).toEqual([
        ['Bank transfer', 'bank_transfer'],
        ['Cash', 'cash'],
      ]);
    }
  });

  it('refuses to delete the default payment method of the sale settings, and keeps it', async () => {
    const cash = (await c.snapshot('/api/v1/payment-methods')).find((r) => r.name === 'Cash')!;
    const res = await c.call('DELETE', `/api/v1/payment-methods/${cash.id}`, c.owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/default/i);
    expect((await c.snapshot('/api/v1/payment-methods')).some((r) => r.id === cash.id)).toBe(true);
  });
});
