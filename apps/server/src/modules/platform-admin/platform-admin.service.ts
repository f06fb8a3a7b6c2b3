import type { Kysely } from 'kysely';
import { isPackageKey, PACKAGE_RULES } from '@posauto/shared/packages';
import type { AdminBusiness, ShopPackage } from '@posauto/shared/schemas/accounts';
import type { ListQuery } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import { runList, type ListResult, type ListSpec } from '../../db/list';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../../kernel/audit';
import { deleteBusinessSessions } from '../auth/index';
import { countBranches, PACKAGE_NAMES } from '../businesses/index';
import * as repo from './platform-admin.repo';

const LIST: ListSpec = {
  searchColumns: ['b.shop_name', 'u.email'],
  sorts: { shop_name: 'b.shop_name', created_at: 'b.created_at', status: 'b.status', package: 'b.package' },
  defaultSort: 'b.created_at',
  idColumn: 'b.id',
};

type Row = NonNullable<Awaited<ReturnType<typeof repo.findBusiness>>>;
const toApi = (r: Row): AdminBusiness => ({
  id: r.id,
  shop_name: r.shop_name,
  shop_type: r.shop_type,
  package: r.package as ShopPackage,
  status: r.status as AdminBusiness['status'],
  owner_name: `${r.owner_first_name ?? ''} ${r.owner_last_name ?? ''}`.trim(),
  owner_email: r.owner_email ?? '',
  phone: r.phone,
  branches: Number(r.branches ?? 0),
  created_at: r.created_at,
});

export type StatusAction = 'activate' | 'suspend' | 'reactivate';

/** Which states each action starts from, where it leads, and what to say when the shop is elsewhere. */
const TRANSITIONS: Record<StatusAction, { from: readonly string[]; to: string; refusals: Record<string, string> }> = {
  activate: {
    from: ['pending'],
    to: 'active',
    refusals: { active: 'errors.business_already_active', suspended: 'errors.business_is_suspended' },
  },
  // A shop still waiting for activation may be refused (suspended) too.
  suspend: { from: ['pending', 'active'], to: 'suspended', refusals: { suspended: 'errors.business_already_suspended' } },
  reactivate: {
    from: ['suspended'],
    to: 'active',
    refusals: { pending: 'errors.business_not_suspended', active: 'errors.business_not_suspended' },
  },
};

export function platformAdminService(deps: Deps) {
  const { db, kind, clock } = deps;

  async function load(trx: Kysely<Database>, id: string): Promise<AdminBusiness> {
    const row = await repo.findBusiness(trx, id);
    if (!row) throw notFound();
    return toApi(row);
  }

  /** The action lands in the shop's own audit log and in the platform's, with who, when and old -> new. */
  async function audit(
    trx: Kysely<Database>,
    ctx: RequestContext,
    targetId: string,
    action: string,
    detail: Record<string, unknown>,
    at: string,
  ) {
    for (const businessId of [targetId, ctx.businessId]) {
      await writeAudit(trx, { businessId, userId: ctx.userId, action, entity: 'business', entityId: targetId, detail, ip: ctx.ip, at });
    }
  }

  return {
    async list(ctx: RequestContext, query: ListQuery & { business_status?: string | undefined }): Promise<ListResult<AdminBusiness>> {
      const { rows, meta } = await runList(db, kind, ctx.businessId, () => repo.selectBusinesses(db), query, LIST, 'admin-businesses', {
        'b.status': query.business_status,
      });
      return { rows: rows.map(toApi), meta };
    },

    get: (_ctx: RequestContext, id: string) => load(db, id),

    changeStatus: (ctx: RequestContext, id: string, action: StatusAction) =>
      db.transaction().execute(async (trx) => {
        const rule = TRANSITIONS[action];
        const before = await load(trx, id);
        const at = clock.now().toISOString();
        if (!(await repo.moveStatus(trx, id, rule.from, rule.to, at))) {
          const now = await load(trx, id);
          throw conflict(rule.refusals[now.status] ?? 'errors.conflict');
        }
        if (rule.to === 'suspended') await deleteBusinessSessions(trx, id);
        await audit(trx, ctx, id, `business.${action}`, { shop_name: before.shop_name, from: before.status, to: rule.to }, at);
        return load(trx, id);
      }),

    changePackage: (ctx: RequestContext, id: string, pkg: ShopPackage) =>
      db.transaction().execute(async (trx) => {
        const locked = await repo.lockBusiness(trx, id);
        if (!locked) throw notFound();
        if (locked.package === pkg) throw conflict('errors.package_unchanged', 'package');
        const max = isPackageKey(pkg) ? PACKAGE_RULES[pkg].maxBranches : null;
        const branches = await countBranches(trx, id);
        if (max !== null && branches > max) {
          throw new AppError(
            409,
            'errors.package_too_many_branches',
            { package: 'errors.package_too_many_branches' },
            { package: PACKAGE_NAMES[pkg], count: branches },
          );
        }
        const at = clock.now().toISOString();
        await repo.setPackage(trx, id, pkg, at);
        const after = await load(trx, id);
        await audit(trx, ctx, id, 'business.package', { shop_name: after.shop_name, from: locked.package, to: pkg }, at);
        return after;
      }),
  };
}
