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
import { branchScope, type RequestContext } from '../../http/context';
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

  /**
   * The branch a request works on: a branch user's own whatever it asked for (branchScope), else the branch
   * asked for, which must be one of the caller's shop ("not found" otherwise).
   */
  async function branchOf(ctx: RequestContext, requested: string): Promise<string> {
    const branchId = branchScope(ctx, requested)!;
    if (!(await repo.branchExists(db, ctx.businessId, branchId))) throw notFound();
    return branchId;
  }

  return {
    async latest(ctx: RequestContext, requested: string): Promise<StockNotificationResponse> {
      const branchId = await branchOf(ctx, requested);
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

    async markAllRead(ctx: RequestContext, requested: string): Promise<{ updated: number }> {
      const branchId = await branchOf(ctx, requested);
      return { updated: await repo.markBranchRead(db, ctx.businessId, branchId, clock.now().toISOString()) };
    },

    async list(ctx: RequestContext, query: StockNotificationListQuery): Promise<ListResult<StockNotificationListItem>> {
      const branchId = query.branch_id ? await branchOf(ctx, query.branch_id) : branchScope(ctx);
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
