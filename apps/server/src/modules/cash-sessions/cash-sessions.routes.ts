import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  cashMovementInputSchema,
  cashSessionDetailSchema,
  cashSessionEnvelopeSchema,
  cashSessionListQuerySchema,
  cashSessionListResponseSchema,
  cashSessionOptionsSchema,
  closeCashSessionInputSchema,
  currentCashSessionSchema,
  openCashSessionInputSchema,
} from '@posauto/shared/schemas/cash-sessions';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { rowMustExist } from '../../http/crud';
import { ROUTE_ERRORS, said } from '../../http/answers';
import { cashSessionsService } from './cash-sessions.service';

const errors = ROUTE_ERRORS;
const tags = ['cash sessions'];
const BASE = '/api/v1/cash-sessions';

/**
 * Cash sessions: the till (sale-pos) opens, moves petty cash in and out of, and closes its own drawer; the list
 * (sale-list) shows a cashier its own sessions and a manager (sale-management) every session of its scope.
 */
export function cashSessionRoutes(app: AppInstance, deps: Deps): void {
  const sessions = cashSessionsService(deps);
  // A session the caller may not see (another shop's, another branch's, another cashier's) is not found, whatever the body says.
  const mustExist = rowMustExist((ctx, id) => sessions.get(ctx, id));

  app.get(BASE, {
    config: { access: { permission: 'sale-list' } },
    schema: {
      tags,
      operationId: 'listCashSessions',
      summary: 'Cash sessions, newest first, filtered by branch, cashier, shop-local days of opening and status',
      querystring: cashSessionListQuerySchema,
      response: { 200: cashSessionListResponseSchema, ...errors },
    },
    handler: (req) => sessions.list(ctxOf(req), req.query),
  });

  app.get(`${BASE}/options`, {
    config: { access: { anyOf: ['sale-list', 'sale-pos'] } },
    schema: {
      tags,
      operationId: 'getCashSessionOptions',
      summary: 'Branches and cashiers the cash session filters and the open form offer',
      response: { 200: cashSessionOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => sessions.options(ctxOf(req)),
  });

  app.get(`${BASE}/current`, {
    config: { access: { permission: 'sale-pos' } },
    schema: {
      tags,
      operationId: 'getCurrentCashSession',
      summary: "The caller's open cash session with its running expected cash per currency, or null",
      response: { 200: currentCashSessionSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: async (req) => ({ data: await sessions.current(ctxOf(req)) }),
  });

  app.get(`${BASE}/:id`, {
    config: { access: { anyOf: ['sale-list', 'sale-pos'] } },
    schema: {
      tags,
      operationId: 'getCashSession',
      summary: 'One cash session as its end-of-day report: figures per currency, sales by payment method, cash in and out',
      params: idParamsSchema,
      response: { 200: cashSessionDetailSchema, ...errors },
    },
    handler: (req) => sessions.get(ctxOf(req), req.params.id),
  });

  app.post(`${BASE}/open`, {
    config: { access: { permission: 'sale-pos' } },
    schema: {
      tags,
      operationId: 'openCashSession',
      summary:
        "Open the caller's cash session at a branch with the opening cash counted in dollars and riel (one open session per cashier)",
      body: openCashSessionInputSchema,
      response: { 201: cashSessionEnvelopeSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'cash.messages.opened'), data: await sessions.open(ctxOf(req), req.body) }),
  });

  app.post(`${BASE}/:id/cash-movements`, {
    config: { access: { permission: 'sale-pos' } },
    schema: {
      tags,
      operationId: 'addCashMovement',
      summary: "Put petty cash into or take it out of the caller's own open session, with a reason (never more out than the drawer holds)",
      params: idParamsSchema,
      body: cashMovementInputSchema,
      response: { 201: cashSessionEnvelopeSchema, ...errors },
    },
    preValidation: mustExist,
    handler: async (req, reply) =>
      reply.status(201).send({ message: said(req, 'cash.messages.moved'), data: await sessions.move(ctxOf(req), req.params.id, req.body) }),
  });

  app.post(`${BASE}/:id/close`, {
    config: { access: { anyOf: ['sale-pos', 'sale-management'] } },
    schema: {
      tags,
      operationId: 'closeCashSession',
      summary: 'Close a session with the cash counted per currency: expected, counted and the difference are frozen',
      params: idParamsSchema,
      body: closeCashSessionInputSchema,
      response: { 200: cashSessionEnvelopeSchema, ...errors },
    },
    preValidation: mustExist,
    handler: async (req) => ({
      message: said(req, 'cash.messages.closed'),
      data: await sessions.close(ctxOf(req), req.params.id, req.body),
    }),
  });
}
