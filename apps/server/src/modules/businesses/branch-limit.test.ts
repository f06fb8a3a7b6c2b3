import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { AppError } from '../../http/errors';
import { newId } from '../../lib/ids';
import { translate } from '../../lib/i18n';
import { assertBranchLimit } from './index';

describe('the branch limit of a package', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  /** What a warehouses screen will do: check the limit and add the branch in one transaction. */
  const addBranch = (businessId: string) =>
    t.deps.db.transaction().execute(async (trx) => {
      await assertBranchLimit(trx, businessId);
      const at = t.deps.clock.now().toISOString();
      await trx
        .insertInto('branches')
        .values({
          business_id: businessId,
          id: newId(),
          name: `Branch ${newId().slice(-4)}`,
          address: null,
          phone: null,
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
    });
  const branchCount = async (businessId: string) =>
    (await t.deps.db.selectFrom('branches').select('id').where('business_id', '=', businessId).execute()).length;

  it('lets a Standard or Start Up shop have its one branch, and refuses a second with a message naming the package', async () => {
    for (const [pkg, name] of [
      ['standard', 'Standard'],
      ['startup', 'Start Up'],
    ] as const) {
      const shop = await createShop(t.deps, { package: pkg, branches: [] });
      await addBranch(shop.businessId);
      const refusal = await addBranch(shop.businessId).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppError);
      const e = refusal as AppError;
      expect(e.statusCode).toBe(422);
      expect(e.messageKey).toBe('errors.package_branch_limit');
      expect(translate('en', e.messageKey, e.vars)).toBe(`The ${name} package includes one branch. Upgrade to Premium for more branches.`);
      expect(translate('km', e.messageKey, e.vars)).toContain(name);
      expect(await branchCount(shop.businessId)).toBe(1);
    }
  });

  it('lets a Premium shop add as many branches as it likes', async () => {
    const shop = await createShop(t.deps, { package: 'premium', branches: ['One', 'Two'] });
    for (let i = 0; i < 5; i++) await addBranch(shop.businessId);
    expect(await branchCount(shop.businessId)).toBe(7);
  });

  it('lets only one of two simultaneous additions through on a Standard shop', async () => {
    const shop = await createShop(t.deps, { package: 'standard', branches: [] });
    const results = await Promise.allSettled([addBranch(shop.businessId), addBranch(shop.businessId), addBranch(shop.businessId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await branchCount(shop.businessId)).toBe(1);
  });

  it('answers 404 for a shop that does not exist', async () => {
    const e = (await addBranch(newId()).catch((x: unknown) => x)) as AppError;
    expect(e.statusCode).toBe(404);
  });
});
