import { pipeline } from 'node:stream';
import { createGzip, constants as zlib } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  heldCartInputSchema,
  heldCartListSchema,
  heldCartQuerySchema,
  heldCartSchema,
  khqrInputSchema,
  khqrSchema,
  khqrStatusParamsSchema,
  khqrStatusSchema,
  posCatalogueQuerySchema,
  posCatalogueSchema,
  posCouponParamsSchema,
  posCouponSchema,
  posCustomerInputSchema,
  posCustomerListSchema,
  posCustomerQuerySchema,
  posCustomerSchema,
} from '@posauto/shared/schemas/pos';
import { posProductLookupQuerySchema, posProductLookupSchema, SALE_LOOKUP_PERMISSIONS } from '@posauto/shared/schemas/pos-lookup';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { catalogue } from './catalogue';
import { createKhqr, khqrStatus } from './khqr';
import { posService } from './pos.service';
import { lookupProducts } from './product-lookup';

const TAG = 'pos';

/** Whether If-None-Match names this version (a list of tags, weak or strong, or `*`). */
export function holdsVersion(ifNoneMatch: string | undefined, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === `"${version}"`;
  });
}
/** Cashiers hold sale-pos and not product-list: every route of the till needs sale-pos alone. */
const access = { access: { permission: 'sale-pos' as const } };
/**
 * Look-ups a sale line needs, for everyone who creates a selling document (the till, back-office sales, invoices,
 * quotations): a clerk with sale-invoice alone holds neither product-list nor customer-management.
 */
const lookup = { access: { anyOf: SALE_LOOKUP_PERMISSIONS } };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Routes of the till (issue 12) besides committing a sale (modules/sales). */
export function posRoutes(app: AppInstance, deps: Deps): void {
  const pos = posService(deps);

  app.get('/api/v1/pos/catalogue', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'getPosCatalogue',
      summary:
        "Everything the till sells from, in one answer: settings, receipt header, categories and the branch's active products " +
        'with codes, variants, units and stock; ETag / If-None-Match answers 304 when nothing changed',
      querystring: posCatalogueQuerySchema,
      response: { 200: posCatalogueSchema, 304: z.null().describe('Not modified: the version the till holds is current'), ...errors },
    },
    handler: async (req, reply) => {
      const answer = await catalogue(deps, ctxOf(req), req.query, (v) => holdsVersion(req.headers['if-none-match'], v));
      // The body streams past the typed (object-only) reply, chunk by chunk, gzip-compressed when the till accepts it.
      const raw = reply as unknown as FastifyReply;
      raw.header('etag', `"${answer.version}"`).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (!answer.body) return raw.status(304).send();
      raw.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
        pipeline(answer.body, gzip, (err) => {
          if (err) req.log.warn({ err }, 'the till catalogue stream broke off');
        });
        return raw.header('content-encoding', 'gzip').send(gzip);
      }
      return raw.send(answer.body);
    },
  });

  app.get('/api/v1/pos/products', {
    config: lookup,
    schema: {
      tags: [TAG],
      operationId: 'lookupPosProducts',
      summary:
        'Find active products for a sale line (any selling permission: sale-pos, sale-management, sale-list, sale-invoice or sale-quotation): every word typed in the name, or an exact SKU or barcode; a small page by name with prices, active variants and sale units (no cost, no stock)',
      querystring: posProductLookupQuerySchema,
      response: { 200: posProductLookupSchema, ...errors },
    },
    handler: (req) => lookupProducts(deps, ctxOf(req), req.query),
  });

  app.get('/api/v1/pos/customers', {
    config: lookup,
    schema: {
      tags: [TAG],
      operationId: 'findPosCustomers',
      summary:
        'Find active customers by name, phone or Member ID (at most 20, the walk-in customer first) with what each owes (any selling permission: sale-pos, sale-management, sale-list, sale-invoice or sale-quotation)',
      querystring: posCustomerQuerySchema,
      response: { 200: posCustomerListSchema, ...errors },
    },
    handler: (req) => pos.findCustomers(ctxOf(req), req.query.q),
  });

  app.post('/api/v1/pos/customers', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'createPosCustomer',
      summary: 'Add a retail customer from the till (name, phone, Member ID)',
      body: posCustomerInputSchema,
      response: { 201: posCustomerSchema, 409: errorSchema, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await pos.addCustomer(ctxOf(req), req.body)),
  });

  app.get('/api/v1/pos/held-carts', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'listHeldCarts',
      summary: "Carts on hold at the till's branch, oldest first",
      querystring: heldCartQuerySchema,
      response: { 200: heldCartListSchema, ...errors },
    },
    handler: (req) => pos.heldCarts(ctxOf(req), req.query),
  });

  app.post('/api/v1/pos/held-carts', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'holdCart',
      summary: 'Put a cart on hold at the branch (up to 64 KB of cart, 100 carts per branch)',
      body: heldCartInputSchema,
      response: { 201: heldCartSchema, 409: errorSchema, ...errors },
    },
    handler: async (req, reply) => reply.status(201).send(await pos.holdCart(ctxOf(req), req.body)),
  });

  app.get('/api/v1/pos/held-carts/:id', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'getHeldCart',
      summary: 'One held cart with its contents, left on hold (a look before resuming it)',
      params: idParamsSchema,
      response: { 200: heldCartSchema, ...errors },
    },
    handler: (req) => pos.getCart(ctxOf(req), req.params.id),
  });

  app.delete('/api/v1/pos/held-carts/:id', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'takeHeldCart',
      summary: 'Resume a held cart: answers it and takes it off hold',
      params: idParamsSchema,
      response: { 200: heldCartSchema, ...errors },
    },
    handler: (req) => pos.takeCart(ctxOf(req), req.params.id),
  });

  app.get('/api/v1/pos/coupons/:code', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'checkPosCoupon',
      summary: "Check a coupon code for the till: active, within its dates (the shop's today) and with uses left",
      params: posCouponParamsSchema,
      response: { 200: posCouponSchema, ...errors },
    },
    handler: (req) => pos.checkCoupon(ctxOf(req), req.params.code),
  });

  app.post('/api/v1/pos/khqr', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'createKhqr',
      summary: "A dynamic KHQR code (Bakong) for one payment: the shop's Bakong account, the amount and currency, an expiry",
      body: khqrInputSchema,
      response: { 200: khqrSchema, ...errors },
    },
    handler: (req) => createKhqr(deps, ctxOf(req), req.body),
  });

  app.get('/api/v1/pos/khqr/:md5/status', {
    config: access,
    schema: {
      tags: [TAG],
      operationId: 'getKhqrStatus',
      summary: 'Ask Bakong whether a KHQR payment arrived (needs BAKONG_API_TOKEN on the server; otherwise not_configured)',
      params: khqrStatusParamsSchema,
      response: { 200: khqrStatusSchema, ...errors },
    },
    handler: (req) => khqrStatus(deps, req.params.md5),
  });
}
