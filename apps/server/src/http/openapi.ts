/**
 * The OpenAPI document at /api/openapi.json: the document's fixed parts, and the two swagger transforms that
 * turn each route's zod schemas and `config.access` into a complete operation (security, x-permission, error
 * answers, upload bodies) and tidy the finished document (shared parameters and responses, no unused schemas).
 */
import { z } from 'zod';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { adminBusinessSchema, roleSchema, staffUserSchema } from '@posauto/shared/schemas/accounts';
import { brandSchema, paymentMethodSchema, supplierSchema, unitSchema } from '@posauto/shared/schemas/catalogue-settings';
import { categorySchema } from '@posauto/shared/schemas/categories';
import { errorSchema, listMetaSchema } from '@posauto/shared/schemas/common';
import { productDetailSchema, productSchema, variantSchema } from '@posauto/shared/schemas/products';
import { adjustmentTypeSchema, serviceChargeSchema, variationSchema, variationValueSchema } from '@posauto/shared/schemas/setting-lists';
import { customerSchema, warehouseSchema } from '@posauto/shared/schemas/shop-settings';
import type { Access } from './access';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data upload, for the document only (the handler reads the parts itself): the file field's
     * name and what it takes.
     */
    upload?: { field: string; description: string };
  }
}

/**
 * The shared shapes, named as components.schemas of the document: wherever a route's schema uses one of these very
 * schemas, the document refers to the component instead of repeating it. Registered in zod's global registry,
 * which fastify-type-provider-zod reads (an input use would be named `<id>Input`; unused forms are pruned).
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorSchema,
  ListMeta: listMetaSchema,
  Category: categorySchema,
  Brand: brandSchema,
  Unit: unitSchema,
  Supplier: supplierSchema,
  PaymentMethod: paymentMethodSchema,
  Variation: variationSchema,
  VariationValue: variationValueSchema,
  ServiceCharge: serviceChargeSchema,
  AdjustmentType: adjustmentTypeSchema,
  Warehouse: warehouseSchema,
  Customer: customerSchema,
  Role: roleSchema,
  StaffUser: staffUserSchema,
  AdminBusiness: adminBusinessSchema,
  Product: productSchema,
  ProductDetail: productDetailSchema,
  Variant: variantSchema,
};
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) z.globalRegistry.add(schema, { id });

/** Every tag an operation may carry, with what it covers: an operation with another tag fails the lint. */
export const API_TAGS = [
  { name: 'system', description: 'Health of the server and its database.' },
  { name: 'auth', description: 'Signing in and out, the signed-in user, and resetting a forgotten password.' },
  { name: 'sign-up', description: 'Registering a new shop: account, emailed code, shop info (then it waits for activation).' },
  { name: 'profile', description: "The signed-in user's own profile and password." },
  { name: 'shell', description: 'What the app shell shows: the dashboard figures and the global search.' },
  { name: 'settings', description: 'The shop settings (business info, logo, currency, tax, default branch).' },
  { name: 'sale settings', description: 'Sale defaults (customer, payment method) and receipt options.' },
  { name: 'receipts', description: 'What receipts and printed invoices show besides the sale (shop, logo, VATIN, footer).' },
  { name: 'stock', description: 'Stock on hand per branch, the stock ledger of movements, and stock adjustments.' },
  { name: 'purchases', description: 'Purchases from suppliers, their payments, and returns to suppliers.' },
  { name: 'sales', description: 'Sales, invoices and quotations, their payments, the sold lines, and returns from customers.' },
  { name: 'stock notifications', description: 'Low-stock and expiry notifications of a branch.' },
  { name: 'roles', description: 'Roles of the shop and the permissions they grant.' },
  { name: 'users', description: 'Staff accounts of the shop and of its branches.' },
  { name: 'platform', description: 'Platform administration: activating, suspending and changing the package of shops.' },
  { name: 'categories', description: 'Product categories (nested up to a few levels).' },
  { name: 'brands', description: 'Product brands.' },
  { name: 'floor', description: "A branch's floor: areas, tables and where they stand on the plan." },
  { name: 'kitchen', description: 'Kitchen stations (which categories each prepares) and the kitchen display.' },
  {
    name: 'rooms',
    description: 'Karaoke rooms: room types and their rate plans, rooms, holidays, the live board and stays billed by time.',
  },
  { name: 'table service', description: 'The live floor, open orders on tables, sending to the kitchen, splitting and paying bills.' },
  { name: 'units', description: 'Units of measure, optionally defined from a base unit.' },
  { name: 'variations', description: 'Variation templates (e.g. Size, Sugar).' },
  { name: 'variation values', description: 'The values of a variation template (e.g. Small, Medium, Large).' },
  { name: 'suppliers', description: 'Suppliers of the shop.' },
  { name: 'payment methods', description: 'How customers pay (cash, bank transfer, ...).' },
  { name: 'warehouses', description: 'Branches (warehouses) of the shop.' },
  { name: 'customers', description: 'Customers of the shop, including the walk-in customer.' },
  { name: 'service charges', description: 'Service charges added to a sale (a percentage or an amount).' },
  { name: 'adjustment types', description: 'Reasons for stock adjustments.' },
  { name: 'products', description: 'Products (single, with variants, combo packages), their export and import.' },
  { name: 'media', description: 'Image uploads (product pictures, shop logo).' },
  { name: 'qr menu', description: "The shop's public QR menu and where it lives." },
  { name: 'pos', description: 'The till: its catalogue, customer lookup, held carts, coupon check and KHQR codes.' },
  { name: 'cash sessions', description: "Cashiers' drawers: opening cash, cash in and out, closing counts and the end-of-day report." },
  { name: 'coupons', description: 'Coupon codes the till accepts: a percentage or an amount off, valid dates and a usage limit.' },
  { name: 'expense categories', description: 'Kinds of expense (rent, salaries, utilities, ingredients...).' },
  { name: 'expenses', description: "The shop's expenses, in dollars or riel at a frozen rate, with a receipt attached." },
  { name: 'reports', description: 'Reports over a period of shop-local days: sales, purchases, expenses, cash flow, profit and loss.' },
  { name: 'audit log', description: 'Who did what and when: voids, refunds, cash moves, sign-ins, role and user changes.' },
];

/** The document's fixed parts. */
export const OPENAPI_DOCUMENT: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.0.3',
  info: {
    title: 'POSAUTO API',
    version: '1.0.0',
    description:
      'Point of sale and back office for small shops. Send the access_token from POST /api/v1/login as a Bearer token. ' +
      'Every answer speaks the language of Accept-Language (km, en, zh, fr, ar); every error has the shape {message, errors?}. ' +
      'Each operation that needs a permission names it in `x-permission` (a permission key, a list of which any one will do, ' +
      '{"allOf": [...]} when every one is needed, or "signedIn"); `x-shop-level: true` marks one a branch user may not call whatever their role holds.',
    contact: { name: 'POSAUTO maintainers' },
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  tags: API_TAGS,
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access_token from /api/v1/login' } } },
  security: [{ bearer: [] }],
};

/** What each error status means, as the description of its answer. */
const ERROR_ANSWERS: Record<number, string> = {
  400: 'The input is invalid: a message, and per-field messages in `errors`',
  401: 'Not signed in, or the session has ended',
  403: 'The caller lacks the permission this operation needs',
  404: "Not found (also another shop's record)",
  409: 'Conflicts with the current data (a name already used, a record still in use, ...)',
  413: 'The body or the uploaded file is too large',
  422: 'Understood, but refused by a business rule',
  429: 'Too many attempts: try again later',
  503: 'Temporarily unavailable',
};
const COMPONENT_RESPONSE_NAMES: Record<string, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'TooLarge',
  422: 'Unprocessable',
  429: 'TooManyRequests',
  503: 'Unavailable',
};

const errorAnswer = (status: number, schema: z.ZodType = errorSchema) => ({
  description: ERROR_ANSWERS[status] ?? 'Error',
  content: { 'application/json': { schema } },
});

/** An error answer whose meaning on this route differs from the usual one (e.g. a sign-in's 401). */
export const errorAnswerOf = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

const binary = z.string().meta({ format: 'binary' });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet download (XLSX or CSV, by the `format` query), as a route's 200 answer. */
export function spreadsheetAnswer(description: string) {
  return { description, content: { [XLSX_TYPE]: { schema: binary }, 'text/csv': { schema: binary } } };
}

const camel = (words: string[]) => words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');

/** The names of a generic list's operations, e.g. /api/v1/payment-methods: listPaymentMethods, getPaymentMethod, ... */
export function crudOperations(path: string, names?: { one: string; many: string }) {
  const many = names?.many ?? path.split('/').pop()!.replace(/-/g, ' ');
  const one = names?.one ?? many.replace(/ies$/, 'y').replace(/s$/, '');
  const M = camel(['x', ...many.split(' ')]).slice(1);
  const O = camel(['x', ...one.split(' ')]).slice(1);
  const a = /^[aeiou]/.test(one) ? 'an' : 'a';
  return {
    list: { operationId: `list${M}`, summary: `List ${many}, paged, searched, filtered and sorted` },
    export: { operationId: `export${M}`, summary: `Export the listed ${many} as XLSX or CSV` },
    get: { operationId: `get${O}`, summary: `One ${one}` },
    create: { operationId: `create${O}`, summary: `Create ${a} ${one}` },
    update: { operationId: `update${O}`, summary: `Update ${a} ${one}` },
    setStatus: { operationId: `set${O}Status`, summary: `Turn ${a} ${one} active or inactive` },
    delete: { operationId: `delete${O}`, summary: `Delete ${a} ${one}` },
  };
}

/**
 * How an operation is guarded, as documented: the permission key, the list of which any one will do, or "signedIn".
 * `x-shop-level: true` besides: a branch user is refused whatever their role holds.
 */
function permissionOf(access: Exclude<Access, { public: true }>): string | readonly string[] | { allOf: readonly string[] } {
  if ('permission' in access) return access.permission;
  if ('anyOf' in access) return access.anyOf;
  if ('allOf' in access) return { allOf: access.allOf };
  return 'signedIn';
}

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

/**
 * Per route: security from `config.access` (public: none; else the bearer token and an x-permission), the error
 * answers every route can give (400 from the input checks, 401/403 from the access check, 404 for a path with an
 * id), each with a description and the error schema, then the zod schemas to JSON schema.
 */
export const openapiRouteTransform: SwaggerTransform = (doc) => {
  const { schema, url, route } = doc;
  if (!schema || schema.hide) return zodTransform(doc);
  const access = (route as RouteOptions).config?.access;
  if (!access) throw new Error(`Route ${String(route.method)} ${url} is documented but declares no access`);
  const { upload, ...rest } = schema;
  const isPublic = 'public' in access;

  const response: Record<string, unknown> = { ...(rest.response as Record<string, unknown> | undefined) };
  const add = (status: number) => {
    response[status] ??= errorSchema;
  };
  // The NUL check on params, query and body answers 400 on any route.
  add(400);
  if (!isPublic) add(401);
  if (!isPublic && ('permission' in access || 'anyOf' in access || 'allOf' in access || access.shopLevel)) add(403);
  if (url.includes('/:')) add(404);
  for (const [status, answer] of Object.entries(response)) {
    const code = Number(status);
    if (!(answer instanceof z.ZodType)) continue;
    if (code >= 400) response[status] = errorAnswer(code, answer);
    else if (code >= 200 && code < 300)
      response[status] = { description: code === 201 ? 'Created' : 'OK', content: { 'application/json': { schema: answer } } };
  }

  const withAccess: FastifySchema & Record<string, unknown> = isPublic
    ? { ...rest, response, security: [] }
    : { ...rest, response, 'x-permission': permissionOf(access), ...(access.shopLevel ? { 'x-shop-level': true } : {}) };
  const out = zodTransform({ ...doc, schema: withAccess });
  if (upload) {
    out.schema = {
      ...out.schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: [upload.field],
        properties: { [upload.field]: { type: 'string', format: 'binary', description: upload.description } },
      },
    };
  }
  return out;
};

type Json = Record<string, any>;

const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Json).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** The query parameters of paginated lists, shared as components when a list takes them unchanged. */
const PAGINATION: Record<string, string> = { page: 'Page', per_page: 'PerPage', search: 'Search', order: 'Order', status: 'StatusFilter' };

function operationsOf(document: Json): Json[] {
  return Object.values((document.paths ?? {}) as Record<string, Json>).flatMap((item) =>
    ['get', 'put', 'post', 'delete', 'patch'].map((m) => item[m] as Json | undefined).filter((o): o is Json => Boolean(o)),
  );
}

/** Shares the pagination parameters and the error answers as components (each the form most operations use). */
function shareComponents(document: Json): void {
  const ops = operationsOf(document);
  const parameters: Json = {};
  for (const [name, id] of Object.entries(PAGINATION)) {
    const counts = new Map<string, number>();
    for (const op of ops)
      for (const p of (op.parameters ?? []) as Json[])
        if (p.in === 'query' && p.name === name) counts.set(stable(p), (counts.get(stable(p)) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (!common || common[1] < 2) continue;
    parameters[id] = JSON.parse(common[0]);
    for (const op of ops)
      op.parameters = (op.parameters as Json[] | undefined)?.map((p) =>
        p.in === 'query' && p.name === name && stable(p) === common[0] ? { $ref: `#/components/parameters/${id}` } : p,
      );
  }
  const responses: Json = {};
  for (const op of ops)
    for (const [status, answer] of Object.entries((op.responses ?? {}) as Json)) {
      const name = COMPONENT_RESPONSE_NAMES[status];
      const shared = name && stable(answer) === stable(errorAnswerJson(Number(status)));
      if (!shared) continue;
      responses[name] = answer;
      op.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  document.components = { ...document.components, parameters, responses };
}

const errorAnswerJson = (status: number) => ({
  description: ERROR_ANSWERS[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Drops the component schemas nothing refers to (zod makes an input and an output form of every named schema). */
function pruneSchemas(document: Json): void {
  const schemas = (document.components?.schemas ?? {}) as Json;
  const used = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Json)) {
        if (k === '$ref' && typeof x === 'string' && x.startsWith('#/components/schemas/')) {
          const id = x.slice('#/components/schemas/'.length);
          if (!used.has(id)) {
            used.add(id);
            visit(schemas[id]);
          }
        } else visit(x);
      }
    }
  };
  visit(document.paths);
  visit({ ...document.components, schemas: undefined });
  for (const id of Object.keys(schemas)) if (!used.has(id)) delete schemas[id];
}

/**
 * OpenAPI 3.0 applies `nullable` only next to a `type`: a nullable reference (`allOf: [$ref]`) gets the type of
 * what it refers to.
 */
function typeNullableRefs(document: Json): void {
  const schemas = (document.components?.schemas ?? {}) as Json;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const o = v as Json;
    const ref = o.allOf?.length === 1 ? (o.allOf[0].$ref as string | undefined) : undefined;
    if (o.nullable === true && !o.type && ref?.startsWith('#/components/schemas/')) {
      const type = schemas[ref.slice('#/components/schemas/'.length)]?.type;
      if (type) o.type = type;
    }
    Object.values(o).forEach(visit);
  };
  visit(document);
}

/** The finished document: zod's named schemas as components, then the shared parameters and answers, then pruning. */
export const openapiObjectTransform: SwaggerTransformObject = (doc) => {
  const document = zodTransformObject(doc) as Json;
  typeNullableRefs(document);
  shareComponents(document);
  pruneSchemas(document);
  return document;
};
