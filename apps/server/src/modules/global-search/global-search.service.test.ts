import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@posauto/shared/permissions';
import type { RequestContext } from '../../http/context';
import { contextFor } from '../../../test/factories';
import { CASHIER, createTestApp, OWNER, type TestContext } from '../../../test/harness';
import { RECORD_SEARCH_PROVIDERS } from '../../app';
import { globalSearch, MAX_PER_PROVIDER, MAX_RESULTS, type RecordSearchProvider } from './index';

/** A provider that answers `count` made-up records and remembers each limit it was asked with. */
function countingProvider(permission: Permission, label: string, count: number) {
  const limits: number[] = [];
  const provider: RecordSearchProvider = {
    permission,
    async search(_ctx, _q, limit) {
      limits.push(limit);
      return Array.from({ length: count }, (_, i) => ({
        title: `${label} ${i + 1}`,
        subtitle: label,
        icon: 'tag',
        to: `/${label}/${i + 1}`,
      }));
    },
  };
  return { provider, limits };
}

describe('global search service', () => {
  let t: TestContext;
  let owner: RequestContext;
  let cashier: RequestContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await contextFor(t.deps, OWNER.email);
    cashier = await contextFor(t.deps, CASHIER.email);
  });
  afterAll(() => t.close());

  it('asks a record provider only when the caller holds its permission', async () => {
    const customers = countingProvider('customer-management', 'customer', 1);
    const products = countingProvider('product-list', 'product', 1);
    const found = await globalSearch([customers.provider, products.provider], cashier, 'en', 'zzz');
    expect(found.map((r) => r.title)).toEqual(['customer 1']);
    expect(customers.limits).toEqual([MAX_PER_PROVIDER]);
    expect(products.limits).toEqual([]);
  });

  it('keeps at most 8 of each provider, in the order of the registry, even when a provider answers more', async () => {
    const a = countingProvider('category-management', 'a', 12);
    const b = countingProvider('category-management', 'b', 3);
    const found = await globalSearch([a.provider, b.provider], owner, 'en', 'zzz');
    expect(found.map((r) => r.title)).toEqual([...Array.from({ length: 8 }, (_, i) => `a ${i + 1}`), 'b 1', 'b 2', 'b 3']);
  });

  it('stops at 20 results and asks later providers only for the room that is left', async () => {
    const providers = [1, 2, 3, 4].map((n) => countingProvider('category-management', `p${n}`, 8));
    const found = await globalSearch(
      providers.map((p) => p.provider),
      owner,
      'en',
      'zzz',
    );
    expect(found).toHaveLength(MAX_RESULTS);
    expect(providers.map((p) => p.limits)).toEqual([[8], [8], [4], []]);
  });

  it('puts pages before records', async () => {
    const records = countingProvider('category-management', 'record', 2);
    const found = await globalSearch([records.provider], owner, 'en', 'stock report');
    expect(found.map((r) => r.subtitle)).toEqual(['Page', 'record', 'record']);
  });

  it('is given the categories and products providers by the app, guarded by category-management and product-list', () => {
    expect(RECORD_SEARCH_PROVIDERS.map((make) => make(t.deps).permission)).toEqual(['category-management', 'product-list']);
  });
});
