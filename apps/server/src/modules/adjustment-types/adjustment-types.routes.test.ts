import { describe, expect, it } from 'vitest';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';
import { KARAOKE, loginAs } from '../../../test/harness';

describe('adjustment type routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'adjustment type',
      base: '/api/v1/adjustment-types',
      seeded: 'Damaged',
      create: { name: '  Stolen  ', direction: 'subtraction', description: 'Missing after closing' },
      update: { name: 'Stolen or lost', direction: 'subtraction', description: null },
      expected: { name: 'Stolen', direction: 'subtraction', description: 'Missing after closing' },
      bad: {
        body: { name: ' ', direction: 'sideways', description: 'x'.repeat(501) },
        errors: { name: 'Please enter data', direction: 'Please select addition or subtraction', description: 'This text is too long' },
      },
      nameTaken: 'An adjustment type with this name already exists',
      csvHeader: 'Adjustment type name,Direction,Description,Status,Created',
    },
    c,
  );

  it('seeds each demo shop its own reasons, each an addition or a subtraction', async () => {
    const list = async (token: string) =>
      (
        (await c.call('GET', '/api/v1/adjustment-types?sort=name&per_page=all', token)).json().data as Array<{
          name: string;
          direction: string;
        }>
      ).map((a) => [a.name, a.direction]);
    expect(await list(c.owner)).toEqual([
      ['Damaged', 'subtraction'],
      ['Expired', 'subtraction'],
      ['Found in count', 'addition'],
      ['Gift received', 'addition'],
    ]);
    const karaoke = await loginAs(c.t.app, KARAOKE);
    expect(await list(karaoke)).toEqual([
      ['Damaged', 'subtraction'],
      ['Found in count', 'addition'],
    ]);
    // The unfiltered totals come from the tenant counters the seed keeps in step.
    expect((await c.call('GET', '/api/v1/adjustment-types', c.owner)).json().meta.total).toBe(4);
    expect((await c.call('GET', '/api/v1/adjustment-types', karaoke)).json().meta.total).toBe(2);
  });

  it("exports the direction in the reader's language", async () => {
    const res = await c.t.app.inject({
      method: 'GET',
      url: '/api/v1/adjustment-types/export?format=csv&search=Expired',
      headers: { authorization: `Bearer ${c.owner}`, 'accept-language': 'fr' },
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Nom du type d’ajustement,Sens,Description,/);
    expect(lines[1]).toMatch(/^Expired,Retrait,Past its expiry date,/);
  });
});
