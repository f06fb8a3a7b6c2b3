/**
 * The API document at /api/openapi.json is complete enough to generate a client from: `redocly lint` with the
 * recommended rules (redocly.yaml at the repository root) finds no error and no warning, and every operation
 * carries what the access control and the clients rely on.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-permission'?: string | string[];
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: string; format?: string }> } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref?: string; type?: string; format?: string } }> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown>; parameters: Record<string, unknown> };
  tags: Array<{ name: string; description?: string }>;
  servers?: unknown[];
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  let t: TestContext;
  let raw: string;
  let doc: Doc;
  const ops: Array<{ method: string; path: string; op: Operation }> = [];
  const op = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!.op;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    raw = res.body;
    doc = JSON.parse(raw) as Doc;
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of METHODS) if (item[method]) ops.push({ method, path, op: item[method] });
  });
  afterAll(() => t.close());

  it('passes `redocly lint` (recommended rules) without an error or a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'posauto-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, raw);
      const run = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
      ).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
      const start = run.stdout.indexOf('{');
      expect(start, `redocly printed no report: ${run.stderr}`).toBeGreaterThanOrEqual(0);
      const report = JSON.parse(run.stdout.slice(start)) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('lists many operations, each with a unique camelCase operationId, a summary and a described tag', () => {
    expect(ops.length).toBeGreaterThan(90);
    const ids = ops.map((o) => o.op.operationId);
    for (const { method, path, op: o } of ops) {
      expect(o.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(o.summary, `${method} ${path}`).toBeTruthy();
      expect(o.tags?.length, `${method} ${path}`).toBe(1);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { op: o } of ops) expect(tags.get(o.tags![0]!), o.tags![0]).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('names the generic list operations after the list', () => {
    expect(op('get', '/api/v1/categories').operationId).toBe('listCategories');
    expect(op('get', '/api/v1/categories/{id}').operationId).toBe('getCategory');
    expect(op('post', '/api/v1/categories').operationId).toBe('createCategory');
    expect(op('put', '/api/v1/categories/{id}').operationId).toBe('updateCategory');
    expect(op('patch', '/api/v1/categories/{id}/status').operationId).toBe('setCategoryStatus');
    expect(op('delete', '/api/v1/categories/{id}').operationId).toBe('deleteCategory');
    expect(op('get', '/api/v1/categories/export').operationId).toBe('exportCategories');
    expect(op('get', '/api/v1/payment-methods/{id}').operationId).toBe('getPaymentMethod');
    expect(op('get', '/api/v1/branch-users').operationId).toBe('listBranchUsers');
  });

  it('marks public routes `security: []` without 401/403, and the others with their x-permission', () => {
    const publicOnes = ops.filter((o) => Array.isArray(o.op.security) && o.op.security.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'get /api/v1/health',
        'post /api/v1/login',
        'post /api/v1/register',
        'post /api/v1/otp-verify',
        'post /api/v1/forgot-password',
        'post /api/v1/reset-password',
        'get /api/v1/public/menu/{slug}',
      ]),
    );
    for (const { method, path, op: o } of ops) {
      const where = `${method} ${path}`;
      if (publicOnes.includes(where)) {
        expect(o['x-permission'], where).toBeUndefined();
        // Only the sign-in answers 401/403 (wrong password, disabled user): not as an access check.
        if (path !== '/api/v1/login') expect(Object.keys(o.responses), where).not.toEqual(expect.arrayContaining(['401']));
        if (path !== '/api/v1/login') expect(Object.keys(o.responses), where).not.toEqual(expect.arrayContaining(['403']));
      } else {
        expect(o.security, where).toBeUndefined();
        expect(o['x-permission'], where).toBeTruthy();
        expect(o.responses['401'], where).toEqual({ $ref: '#/components/responses/Unauthorized' });
      }
    }
    expect(op('get', '/api/v1/categories')['x-permission']).toBe('category-management');
    expect(op('get', '/api/v1/me')['x-permission']).toBe('signedIn');
    expect(op('post', '/api/v1/products/barcode')['x-permission']).toEqual(['product-create', 'product-edit']);
    expect(op('get', '/api/v1/categories').responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(op('get', '/api/v1/me').responses['403']).toBeUndefined();
  });

  it('names the shared shapes as components and refers to them', () => {
    for (const id of ['Error', 'ListMeta', 'Category', 'Brand', 'Unit', 'Customer', 'Warehouse', 'StaffUser', 'Role', 'Product'])
      expect(doc.components.schemas[id], id).toBeTypeOf('object');
    for (const id of ['Page', 'PerPage', 'Search', 'Order']) expect(doc.components.parameters[id], id).toBeTypeOf('object');
    const list = op('get', '/api/v1/categories');
    expect(list.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/Page' }]));
    expect(raw).toContain('"items":{"$ref":"#/components/schemas/Category"}');
    expect(doc.components.responses.NotFound).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(op('get', '/api/v1/categories/{id}').responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(op('post', '/api/v1/categories').responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(op('get', '/api/v1/categories').responses['409']).toBeUndefined();
    expect(op('post', '/api/v1/login').responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  });

  it('describes exports as XLSX and CSV files and uploads as multipart with a binary file', () => {
    for (const path of ['/api/v1/categories/export', '/api/v1/products/export', '/api/v1/products/import/template']) {
      const content = op('get', path).responses['200']!.content!;
      expect(Object.keys(content).sort(), path).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']);
      for (const media of Object.values(content)) expect(media.schema, path).toEqual({ type: 'string', format: 'binary' });
    }
    for (const path of ['/api/v1/media/images', '/api/v1/products/import']) {
      const body = op('post', path).requestBody!.content['multipart/form-data']!;
      expect(body.schema.properties!.file, path).toMatchObject({ type: 'string', format: 'binary' });
    }
  });
});
