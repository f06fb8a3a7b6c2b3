import { formatQuantity, QTY_SCALE } from '@posauto/shared/money/index';
import {
  STOCK_NOTIFICATION_LATEST_LIMIT,
  type StockLevel,
  type StockNotificationListItem,
  type StockNotificationListQuery,
  type StockNotificationResponse,
} from '@posauto/shared/schemas/shell';
import type { Deps } from '../../deps';
import { runList, type ListResult, type ListSpec } from '../../db/list';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import * as repo from './stock-notifications.repo';

const LIST: ListSpec = {
  searchColumns: ['n.name', 'b.name'],
  sorts: { created_at: 'n.created_at', name: 'n.name', stock_level: 'n.stock_level' },
  defaultSort: 'n.created_at',
  idColumn: 'n.id',
};

/** Whole units as a number, a fraction as exact decimal text: 2000 -> 2, 1500 -> "1.5". */
export function stockLevelOf(qty: number): StockLevel {
  return qty % QTY_SCALE === 0 ? qty / QTY_SCALE : formatQuantity(qty);
}

export function stockNotificationsService(deps: Deps) {
  const { db, kind, clock } = deps;

  /** A branch of the caller's shop; a branch user may only ask for their own. Anything else is "not found". */
  async function checkBranch(ctx: RequestContext, branchId: string): Promise<void> {
    if (ctx.branchId && ctx.branchId !== branchId) throw notFound();
    if (!(await repo.branchExists(db, ctx.businessId, branchId))) throw notFound();
  }

  return {
    async latest(ctx: RequestContext, branchId: string): Promise<StockNotificationResponse> {
      await checkBranch(ctx, branchId);
      const rows = await repo.latestForBranch(db, ctx.businessId, branchId, STOCK_NOTIFICATION_LATEST_LIMIT);
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          image: r.image,
          stock_level: stockLevelOf(Number(r.stock_level)),
          createt_at: r.created_at,
          isRead: r.read_at !== null,
        })),
      };
    },

    async markAllRead(ctx: RequestContext, branchId: string): Promise<{ updated: number }> {
      await checkBranch(ctx, branchId);
      return { updated: await repo.markBranchRead(db, ctx.businessId, branchId, clock.now().toISOString()) };
    },

    async list(ctx: RequestContext, query: StockNotificationListQuery): Promise<ListResult<StockNotificationListItem>> {
      if (query.branch_id) await checkBranch(ctx, query.branch_id);
      const branchId = query.branch_id ?? ctx.branchId;
      const base = (biz: string) => {
        let q = repo.selectNotifications(db, biz);
        if (branchId) q = q.where('n.branch_id', '=', branchId);
        if (query.read) q = q.where('n.read_at', query.read === 'read' ? 'is not' : 'is', null);
        return q;
      };
      const { rows, meta } = await runList(db, kind, ctx.businessId, base, query, LIST);
      return { rows: rows.map((r) => ({ ...r, stock_level: stockLevelOf(Number(r.stock_level)) })), meta };
    },
  };
}
