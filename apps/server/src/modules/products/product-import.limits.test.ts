import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bearer, createTestApp, loginAs, OWNER, type TestContext } from '../../../test/harness';
import { BASE, multipart } from '../../../test/product-fixtures';
import { MAX_UNPACKED_BYTES, zipUnpackedSize } from './product-import';
import { LIST_ALL_LIMIT } from '@posauto/shared/schemas/common';

const HEADER =
  'product_name,sku_code,barcode,category,brand,unit,purchase_cost,sale_cost,discount_cost,stock_alert,is_stock_manage,description,status';
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

/** A zip of the given files (deflated), with a real central directory, as an XLSX file is. */
function zip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = deflateRawSync(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(f.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

describe('zipUnpackedSize', () => {
  it('adds up the sizes the zip directory declares, and gives up on what is not a zip', () => {
    const bytes = zip([
      { name: 'a.xml', data: Buffer.alloc(1000, 0x61) },
      { name: 'b.xml', data: Buffer.alloc(2345, 0x62) },
    ]);
    expect(zipUnpackedSize(bytes)).toBe(3345);
    expect(zipUnpackedSize(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
  });
});

describe('product import limits', () => {
  // The demo shop as seeded: its products stay, every count below is relative to them.
  const c = {} as { t: TestContext; owner: string; ownerBusiness: string };
  beforeAll(async () => {
    c.t = await createTestApp();
    c.owner = await loginAs(c.t.app, OWNER);
    c.ownerBusiness = (
      await c.t.deps.db.selectFrom('users').select('business_id').where('email', '=', OWNER.email).executeTakeFirstOrThrow()
    ).business_id;
  });
  afterAll(() => c.t.close());
  const call = (url: string) => c.t.app.inject({ method: 'GET', url, headers: { ...bearer(c.owner), 'accept-language': 'en' } });
  const post = (app: FastifyInstance, bytes: Buffer, filename: string) => {
    const body = multipart(
      bytes,
      filename,
      filename.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
    );
    return app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(c.owner), 'accept-language': 'en' },
    });
  };
  const productCount = async () =>
    Number(
      (
        await c.t.deps.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', c.ownerBusiness)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses, before unpacking, an XLSX file that would unpack to more than 20 MB', async () => {
    // 21 MB of spaces deflate to a few kilobytes: small on the wire, large once unpacked.
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(MAX_UNPACKED_BYTES + 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await productCount();
    const res = await post(c.t.app, bomb, 'products.xlsx');
    expect(res.statusCode).toBe(422);
    expect(res.json().rows).toEqual([
      { row: 0, column: 'file', message: 'The spreadsheet unpacks to more than 20 MB: split it into smaller files' },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('caps "All" on the product list at 1,000 rows, while the export has every product', async () => {
    const count = LIST_ALL_LIMIT + 5;
    const names = Array.from({ length: count }, (_, i) => `Capped item ${String(i).padStart(4, '0')}`);
    const res = await post(c.t.app, csv(...names.map((n) => `${n},,,,,,0.5,1,,,,,`)), 'many.csv');
    expect(res.statusCode, res.body).toBe(200);
    const total = await productCount();
    const list = (await call(`${BASE}?per_page=all`)).json();
    expect(list.data).toHaveLength(LIST_ALL_LIMIT);
    expect(list.meta).toEqual({ page: 1, per_page: 'all', total, last_page: 1, capped: true, limit: LIST_ALL_LIMIT });
    const exported = await call(`${BASE}/export?format=csv&search=${encodeURIComponent('Capped item')}`);
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(names);
  }, 60_000);

  describe('two imports of the same SKU at the same time', () => {
    let gated: FastifyInstance;

    beforeAll(async () => {
      // Each import's write waits until both have checked the shop's codes (and found the SKU free): then both write.
      const waiting: Array<() => void> = [];
      let gate = false;
      const arrive = () =>
        new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) for (const go of waiting.splice(0)) go();
        });
      const db = c.t.deps.db;
      const gatedDb = new Proxy(db, {
        get(target, prop) {
          if (prop === 'transaction' && gate) {
            return () => {
              const builder = target.transaction();
              return { execute: async <T>(fn: (trx: typeof db) => Promise<T>) => (await arrive(), builder.execute(fn)) };
            };
          }
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      gated = await buildApp({ ...c.t.deps, db: gatedDb });
      await gated.ready();
      gate = true;
    });
    afterAll(() => gated.close());

    it('imports one file and answers the other 409 with nothing of it saved', async () => {
      const before = await productCount();
      const [a, b] = await Promise.all([
        post(gated, csv('Race tea A,RACE-001,,,,,,1,,,,,', 'Race tea A2,RACE-A2,,,,,,1,,,,,'), 'a.csv'),
        post(gated, csv('Race tea B1,RACE-B1,,,,,,1,,,,,', 'Race tea B,race-001,,,,,,1,,,,,'), 'b.csv'),
      ]);
      const answers = [a, b].sort((x, y) => x.statusCode - y.statusCode);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 409]);
      expect(answers[0]!.json()).toEqual({ message: '2 products imported', imported: 2 });
      expect(answers[1]!.json().message).toBe(
        'Another save took one of these SKUs or barcodes just now. Nothing was imported: import the file again to see which',
      );
      expect(await productCount()).toBe(before + 2);
      const race = await c.t.deps.db
        .selectFrom('products')
        .select('product_name')
        .where('business_id', '=', c.ownerBusiness)
        .where('product_name', 'like', 'Race tea %')
        .orderBy('product_name')
        .execute();
      const winner = a.statusCode === 200 ? ['Race tea A', 'Race tea A2'] : ['Race tea B', 'Race tea B1'];
      expect(race.map((r) => r.product_name)).toEqual(winner);
      const codes = await c.t.deps.db
        .selectFrom('product_codes')
        .select('code')
        .where('business_id', '=', c.ownerBusiness)
        .where('code', 'like', 'race-%')
        .execute();
      expect(codes).toHaveLength(2);
    }, 30_000);
  });
});
