import { z } from 'zod';
import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  billPaidSchema,
  billParamsSchema,
  billPaySchema,
  FLOOR_STREAM,
  floorQuerySchema,
  floorSchema,
  lineParamsSchema,
  orderAddSchema,
  orderLineUpdateSchema,
  orderLineVoidSchema,
  orderMergeSchema,
  orderMoveSchema,
  orderOpenSchema,
  orderSentSchema,
  orderSplitSchema,
  preBillQuerySchema,
  preBillSchema,
  tableOrderListQuerySchema,
  tableOrderListSchema,
  tableOrderSchema,
} from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/dialect/index';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import type { RequestContext } from '../../http/context';
import { rowMustExist } from '../../http/crud';
import { whereBranch } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { keyHeader, keyOf } from '../../http/idempotency-key';
import { registerChannelRoutes } from '../../kernel/channels/index';
import { approverFor } from '../auth/index';
import { FLOOR_LIVE, liveSessions, readTickets } from '../kitchen/index';
import { listOpenOrders, readFloor } from './floor-live';
import { billPaymentService, orderBillsService } from './order-bills';
import { readOrder } from './order-core';
import { orderLinesService } from './order-lines';
import { sendOrder } from './order-send';
import { orderOnTable, orderSplitService, orderTableService } from './order-table';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
const tag = 'table service';
const waiter = { access: { permission: 'table-service' } } as const;
const VOID_APPROVAL = {
  permission: 'table-void',
  required: 'restaurant.errors.approval_required',
  cannot: 'restaurant.errors.approver_cannot_void',
} as const;

/** Another shop's order (or another branch's, for a branch user) is not found, whatever the request's body says. */
const orderMustExist = (db: Deps['db']) =>
  rowMustExist(async (ctx, id) => {
    const q = db.selectFrom('table_orders').select('id').where('business_id', '=', ctx.businessId).where('id', '=', id);
    if (!(await whereBranch(q, 'branch_id', ctx).executeTakeFirst())) throw notFound();
  });
/** The floor, open orders and bills of table service; see modules/orders/*.ts for the rules of each change. */
export function orderRoutes(app: AppInstance, deps: Deps): void {
  const { db } = deps;
  const lines = orderLinesService(deps);
  const tables = { ...orderTableService(deps), ...orderSplitService(deps) };
  const bills = { ...orderBillsService(deps), ...billPaymentService(deps) };
  const answer = (ctx: RequestContext, id: string) => readOrder(db, ctx, id);
  /** One change in one transaction, answered with the order as it is after it. */
  const change = async (ctx: RequestContext, id: string, run: (trx: typeof db) => Promise<unknown>) => {
    await db.transaction().execute(run);
    return answer(ctx, id);
  };

  app.get('/api/v1/floor', {
    config: { access: { anyOf: ['table-service', 'table-management'] } },
    schema: {
      tags: [tag],
      operationId: 'getFloor',
      summary: "A branch's floor: areas, tables and each table's order state",
      querystring: floorQuerySchema,
      response: { 200: floorSchema, ...errors },
    },
    handler: (req) => readFloor(db, ctxOf(req), req.query.branch_id),
  });

  app.post('/api/v1/table-orders', {
    config: waiter,
    schema: {
      tags: [tag],
      operationId: 'openTableOrder',
      summary: 'Open an order on a free table (201); a table already open answers its order (200)',
      body: orderOpenSchema,
      response: { 200: tableOrderSchema, 201: tableOrderSchema, ...errors },
    },
    handler: async (req, reply) => {
      const ctx = ctxOf(req);
      try {
        const { id, created } = await db.transaction().execute((trx) => tables.open(trx, ctx, req.body));
        return reply.status(created ? 201 : 200).send(await answer(ctx, id));
      } catch (e) {
        // Two waiters opened the table at once: the second meets the one-order-per-table index and joins the first.
        if (!isUniqueViolation(deps.kind, e)) throw e;
        const there = await orderOnTable(db, ctx.businessId, req.body.table_id);
        if (!there) throw conflict('restaurant.errors.table_taken');
        return reply.status(200).send(await answer(ctx, there.id));
      }
    },
  });

  app.get('/api/v1/table-orders', {
    config: waiter,
    schema: {
      tags: [tag],
      operationId: 'listTableOrders',
      summary: "A branch's orders still on their tables (open, or paid and not cleared), oldest first",
      querystring: tableOrderListQuerySchema,
      response: { 200: tableOrderListSchema, ...errors },
    },
    handler: async (req) => ({ data: await listOpenOrders(db, ctxOf(req), req.query.branch_id) }),
  });

  app.get('/api/v1/table-orders/:id', {
    config: waiter,
    schema: {
      tags: [tag],
      operationId: 'getTableOrder',
      summary: 'An order with its lines, their kitchen state and its bills',
      params: idParamsSchema,
      response: { 200: tableOrderSchema, ...errors },
    },
    handler: (req) => answer(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/table-orders/:id/lines', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'addTableOrderLines',
      summary: 'Add lines to an open order, once per Idempotency-Key (a retry adds nothing and answers 200)',
      params: idParamsSchema,
      headers: keyHeader(true),
      body: orderAddSchema,
      response: { 200: tableOrderSchema, 201: tableOrderSchema, ...errors },
    },
    handler: async (req, reply) => {
      const ctx = ctxOf(req);
      const key = keyOf(req, true);
      const added = await db.transaction().execute((trx) => lines.add(trx, ctx, req.params.id, req.body, key));
      return reply.status(added ? 201 : 200).send(await answer(ctx, req.params.id));
    },
  });

  app.patch('/api/v1/table-orders/:id/lines/:lineId', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'updateTableOrderLine',
      summary: 'More of a line, its note or its seat (less than was sent is a void)',
      params: lineParamsSchema,
      body: orderLineUpdateSchema,
      response: { 200: tableOrderSchema, ...errors },
    },
    handler: (req) => change(ctxOf(req), req.params.id, (trx) => lines.update(trx, ctxOf(req), req.params.id, req.params.lineId, req.body)),
  });

  app.delete('/api/v1/table-orders/:id/lines/:lineId', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'removeTableOrderLine',
      summary: 'Remove a line the kitchen was never sent',
      params: lineParamsSchema,
      response: { 200: tableOrderSchema, ...errors },
    },
    handler: (req) => change(ctxOf(req), req.params.id, (trx) => lines.remove(trx, ctxOf(req), req.params.id, req.params.lineId)),
  });

  app.post('/api/v1/table-orders/:id/lines/:lineId/void', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'voidTableOrderLine',
      summary: 'Void (part of) a line with a reason; without table-void, with the approval of someone who holds it',
      params: lineParamsSchema,
      body: orderLineVoidSchema,
      response: { 200: tableOrderSchema, 429: errorSchema, ...errors },
    },
    handler: async (req) => {
      const ctx = ctxOf(req);
      // The approver is checked before the change's transaction: its throttle and password check are writes of their own.
      const approver = ctx.permissions.has('table-void')
        ? null
        : await approverFor(deps, ctx, req.body.approver_email, req.body.approver_password, VOID_APPROVAL);
      return change(ctx, req.params.id, (trx) => lines.void(trx, ctx, req.params.id, req.params.lineId, req.body, approver));
    },
  });

  orderActionRoutes(app, deps, { tables, bills, answer, change });
}

function orderActionRoutes(
  app: AppInstance,
  deps: Deps,
  s: {
    tables: ReturnType<typeof orderTableService> & ReturnType<typeof orderSplitService>;
    bills: ReturnType<typeof orderBillsService> & ReturnType<typeof billPaymentService>;
    answer: (ctx: RequestContext, id: string) => ReturnType<typeof readOrder>;
    change: (ctx: RequestContext, id: string, run: (trx: Deps['db']) => Promise<unknown>) => ReturnType<typeof readOrder>;
  },
) {
  const { db } = deps;
  app.post('/api/v1/table-orders/:id/send', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'sendTableOrder',
      summary: 'Send what changed since the last send to the kitchen: one ticket per station (422 when nothing changed)',
      params: idParamsSchema,
      headers: keyHeader(false),
      response: { 200: orderSentSchema, ...errors },
    },
    handler: async (req) => {
      const ctx = ctxOf(req);
      const key = keyOf(req, false);
      const ids = await db.transaction().execute((trx) => sendOrder(trx, deps, ctx, req.params.id, key));
      return { order: await s.answer(ctx, req.params.id), tickets: await readTickets(db, ctx.businessId, { ids }) };
    },
  });

  const simple = <B extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: B | null,
    act: (trx: Deps['db'], ctx: RequestContext, id: string, body: z.output<B>) => Promise<unknown>,
  ) =>
    app.post(path, {
      config: waiter,
      preValidation: orderMustExist(db),
      schema: {
        tags: [tag],
        operationId,
        summary,
        params: idParamsSchema,
        ...(body ? { body } : {}),
        response: { 200: tableOrderSchema, ...errors },
      },
      handler: (req) =>
        s.change(ctxOf(req), (req.params as { id: string }).id, (trx) =>
          act(trx, ctxOf(req), (req.params as { id: string }).id, req.body as z.output<B>),
        ),
    });
  simple(
    '/api/v1/table-orders/:id/move',
    'moveTableOrder',
    'Move an order to a free table of its branch',
    orderMoveSchema,
    (trx, ctx, id, b) => s.tables.move(trx, ctx, id, b),
  );
  simple(
    '/api/v1/table-orders/:id/merge',
    'mergeTableOrders',
    "Bring another table's open order into this one",
    orderMergeSchema,
    (trx, ctx, id, b) => s.tables.merge(trx, ctx, id, b),
  );
  simple(
    '/api/v1/table-orders/:id/split',
    'splitTableOrder',
    'Split an order into bills by line, quantity or seat, or join them',
    orderSplitSchema,
    (trx, ctx, id, b) => s.tables.split(trx, ctx, id, b),
  );
  simple('/api/v1/table-orders/:id/clear', 'clearTable', 'Clear a paid table: it is free again', null, (trx, ctx, id) =>
    s.tables.clear(trx, ctx, id),
  );
  simple('/api/v1/table-orders/:id/cancel', 'cancelTableOrder', 'Cancel an order the kitchen knows nothing of', null, (trx, ctx, id) =>
    s.tables.cancel(trx, ctx, id),
  );

  for (const print of [false, true])
    (print ? app.post.bind(app) : app.get.bind(app))('/api/v1/table-orders/:id/pre-bill', {
      config: waiter,
      schema: {
        tags: [tag],
        operationId: print ? 'printPreBill' : 'previewBill',
        summary: print
          ? "Print a bill's pre-bill: the table shows 'bill printed' until the order changes"
          : "A bill's lines and totals by the sale's own rules",
        params: idParamsSchema,
        querystring: preBillQuerySchema,
        response: { 200: preBillSchema, ...errors },
      },
      handler: (req: { params: { id: string }; query: z.output<typeof preBillQuerySchema> } & Parameters<typeof ctxOf>[0]) =>
        db.transaction().execute((trx) => s.bills.preBill(trx, ctxOf(req), req.params.id, req.query, print)),
    } as never);

  app.post('/api/v1/table-orders/:id/bills/:bill/pay', {
    config: waiter,
    preValidation: orderMustExist(db),
    schema: {
      tags: [tag],
      operationId: 'payTableBill',
      summary: "Pay one bill of an order as a till sale (the caller's open cash session), once per Idempotency-Key",
      params: billParamsSchema,
      headers: keyHeader(true),
      body: billPaySchema,
      response: { 200: billPaidSchema, 201: billPaidSchema, ...errors },
    },
    handler: async (req, reply) => {
      const ctx = ctxOf(req);
      const key = keyOf(req, true)!;
      let paid: { saleId: string; created: boolean };
      try {
        paid = await db.transaction().execute((trx) => s.bills.pay(trx, ctx, req.params.id, req.params.bill, req.body, key));
      } catch (e) {
        // The same key raced itself past the order's lock on another instance: the sale's unique key stopped it.
        if (!isUniqueViolation(deps.kind, e)) throw e;
        const sale = await db
          .selectFrom('sales')
          .select('id')
          .where('business_id', '=', ctx.businessId)
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (!sale) throw e;
        paid = { saleId: sale.id, created: false };
      }
      const sale = await db
        .selectFrom('sales')
        .select('invoice_number')
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', paid.saleId)
        .executeTakeFirstOrThrow();
      return reply
        .status(paid.created ? 201 : 200)
        .send({ order: await s.answer(ctx, req.params.id), sale_id: paid.saleId, invoice_number: sale.invoice_number });
    },
  });

  floorStreamRoutes(app, deps);
}

/** The floor's live channel: every waiter's tablet of a branch hears its tables change. */
function floorStreamRoutes(app: AppInstance, deps: Deps) {
  registerChannelRoutes(app, deps, {
    purpose: FLOOR_LIVE,
    ticketPath: FLOOR_STREAM.ticket,
    streamPath: FLOOR_STREAM.stream,
    sessions: liveSessions(deps),
    docs: {
      tag,
      ticket: {
        operationId: 'createFloorStreamTicket',
        summary: 'A single-use ticket (valid one minute) that opens the live floor stream',
      },
      stream: {
        operationId: 'streamFloor',
        summary: "Live changes to a branch's tables and orders (text/event-stream), opened with a ticket",
        description:
          'Events: `ready`, `change` (data: which table or order changed, as JSON; re-read it), `resync` (changes may have ' +
          'been missed: re-read the floor). Resumes from `Last-Event-ID` or `last_event_id`; `branch_id` names the branch.',
      },
    },
  });
}
