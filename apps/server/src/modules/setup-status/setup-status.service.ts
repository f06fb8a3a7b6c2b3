import { canOpen, routeByName } from '@posauto/shared/routes';
import { SETUP_STEPS, type SetupStatus, type SetupStepKey } from '@posauto/shared/schemas/setup';
import { sameShop } from '../../db/same-shop';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { parseRolePermissions } from '../../lib/permissions';

/**
 * The new owner's setup checklist, read from the shop's own data: nothing is ticked by hand, so a step done
 * elsewhere (a product imported, a cashier added by a manager) shows done at once, and undone if it is undone.
 */
export async function getSetupStatus(deps: Deps, ctx: RequestContext): Promise<SetupStatus> {
  const { db } = deps;
  const row = await db
    .selectFrom('businesses as b')
    .innerJoin('general_settings as g', 'g.business_id', 'b.id')
    .select((eb) => [
      'b.setup_dismissed_at',
      // Sign-up writes the settings with the shop; saving the form once (even unchanged) confirms the rate and VAT.
      eb('g.updated_at', '>', eb.ref('b.created_at')).as('settings'),
      eb
        .exists(eb.selectFrom('payment_methods as p').select('p.id').whereRef('p.business_id', '=', 'b.id').where('p.status', '=', 1))
        .as('payment_methods'),
      eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.business_id', '=', 'b.id')).as('products'),
      eb.exists(eb.selectFrom('cash_sessions as c').select('c.id').whereRef('c.business_id', '=', 'b.id')).as('till'),
    ])
    .where('b.id', '=', ctx.businessId)
    .executeTakeFirst();
  if (!row) throw notFound();
  // A cashier: an active user, not an owner, whose role sells at the till (a shop has a handful of roles).
  const sellers = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', sameShop('r', 'u.role_id'))
    .select('r.permissions')
    .distinct()
    .where('u.business_id', '=', ctx.businessId)
    .where('u.is_owner', '=', 0)
    .where('u.status', '=', 'active')
    .execute();
  const done: Record<SetupStepKey, boolean> = {
    settings: Boolean(row.settings),
    payment_methods: Boolean(row.payment_methods),
    products: Boolean(row.products),
    cashier: sellers.some((r) => parseRolePermissions(r.permissions).includes('sale-pos')),
    till: Boolean(row.till),
  };
  // The steps this user may take in this package: a Start Up shop has no till, so no cashier nor payment methods.
  const steps = SETUP_STEPS.filter((s) => canOpen(routeByName(s.route), ctx.permissions) && (!s.needs || ctx.permissions.has(s.needs))).map(
    (s) => ({ key: s.key, done: done[s.key] }),
  );
  return { steps, complete: steps.every((s) => s.done), dismissed: row.setup_dismissed_at !== null };
}

/**
 * Hides the checklist for the whole shop; the steps stay in the menu. A view preference rather than a setting of the
 * books, so not audited. Hiding it again changes nothing.
 */
export async function dismissSetup(deps: Deps, ctx: RequestContext): Promise<SetupStatus> {
  await deps.db
    .updateTable('businesses')
    .set({ setup_dismissed_at: deps.clock.now().toISOString() })
    .where('id', '=', ctx.businessId)
    .where('setup_dismissed_at', 'is', null)
    .execute();
  return getSetupStatus(deps, ctx);
}
