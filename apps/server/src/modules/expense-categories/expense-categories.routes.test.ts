import { describe, expect, it } from 'vitest';
import type { ExpenseCategory } from '@posauto/shared/schemas/expenses';
import { describeSettingRoutes, useSettingClient } from '../../../test/setting-list-routes';

const BASE = '/api/v1/expense-categories';

describe('expense category routes', () => {
  const c = useSettingClient();
  describeSettingRoutes(
    {
      what: 'expense category',
      base: BASE,
      seeded: 'Utilities',
      create: { name: 'Transport', description: 'Tuk-tuk and deliveries' },
      update: { name: 'Transport & delivery', description: null },
      expected: { name: 'Transport', description: 'Tuk-tuk and deliveries' },
      bad: {
        body: { name: '', description: 'x'.repeat(501) },
        errors: { name: 'Please enter data', description: 'This text is too long' },
      },
      nameTaken: 'An expense category with this name already exists',
      csvHeader: 'Category name,Description,Status,Created',
    },
    c,
  );

  const categories = async () => (await c.call('GET', `${BASE}?per_page=all&sort=name`, c.owner)).json().data as ExpenseCategory[];

  it('seeds the demo shop with its categories', async () => {
    expect((await categories()).map((x) => x.name)).toEqual(
      expect.arrayContaining(['Rent', 'Salaries', 'Utilities', 'Ingredients', 'Maintenance', 'Marketing']),
    );
  });

  it('refuses to delete a category expenses use, with a translated 409, and keeps it', async () => {
    const rent = (await categories()).find((x) => x.name === 'Rent')!;
    const options = (await c.call('GET', '/api/v1/expenses/options', c.owner)).json();
    const made = await c.call('POST', '/api/v1/expenses', c.owner, {
      category_id: rent.id,
      branch_id: options.branches[0].id,
      currency: 'USD',
      expend_cost: '300',
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await c.t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${rent.id}`,
      headers: { authorization: `Bearer ${c.owner}`, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Des dépenses utilisent cette catégorie : désactivez-la au lieu de la supprimer');
    expect((await categories()).map((x) => x.id)).toContain(rent.id);
  });
});
