import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportQuerySchema } from '@posauto/shared/schemas/reports';
import type { AppError } from '../http/errors';
import { contextFor } from '../../test/factories';
import { createTestApp, OWNER, type TestContext } from '../../test/harness';
import { periodDays, resolvePeriod, weekLabel } from './report-kit';

describe('periodDays', () => {
  const none = {};
  it('counts presets from the shop’s today, weeks from Monday', () => {
    // 2026-11-21 is a Saturday.
    expect(periodDays('today', '2026-11-21', none)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(periodDays('yesterday', '2026-11-21', none)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(periodDays('this_week', '2026-11-21', none)).toEqual({ from: '2026-11-16', to: '2026-11-21' });
    expect(periodDays('this_week', '2026-11-16', none)).toEqual({ from: '2026-11-16', to: '2026-11-16' });
    // A Sunday belongs to the week that began the Monday before.
    expect(periodDays('this_week', '2026-11-22', none)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodDays('this_month', '2026-11-21', none)).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(periodDays('this_year', '2026-11-21', none)).toEqual({ from: '2026-01-01', to: '2026-11-21' });
  });

  it('crosses month and year ends, leap days included', () => {
    expect(periodDays('yesterday', '2026-03-01', none)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodDays('yesterday', '2024-03-01', none)).toEqual({ from: '2024-02-29', to: '2024-02-29' });
    expect(periodDays('yesterday', '2027-01-01', none)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(periodDays('last_month', '2027-01-15', none)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodDays('last_month', '2026-03-31', none)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodDays('last_month', '2024-03-01', none)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodDays('this_month', '2026-12-31', none)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodDays('this_week', '2027-01-01', none)).toEqual({ from: '2026-12-28', to: '2027-01-01' });
    expect(periodDays('this_year', '2027-01-01', none)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('takes a custom period as given, filling a missing end from this month', () => {
    expect(periodDays('custom', '2026-11-21', { from: '2026-10-05', to: '2026-10-09' })).toEqual({ from: '2026-10-05', to: '2026-10-09' });
    expect(periodDays('custom', '2026-11-21', { from: '2026-10-05' })).toEqual({ from: '2026-10-05', to: '2026-11-21' });
    expect(periodDays('custom', '2026-11-21', { to: '2026-11-10' })).toEqual({ from: '2026-11-01', to: '2026-11-10' });
  });

  it('labels ISO weeks', () => {
    expect(weekLabel('2026-11-21')).toBe('2026-W47');
    expect(weekLabel('2027-01-01')).toBe('2026-W53');
  });
});

describe('resolvePeriod', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const q = (raw: Record<string, string>) => reportQuerySchema.parse(raw);

  it('uses the shop’s time zone for today, and its currency and rate', async () => {
    const ctx = await contextFor(t.deps, OWNER.email);
    // 2026-11-21T08:00Z is 15:00 in Phnom Penh (the demo shop's zone); 20:00Z is already the 22nd there.
    const p = await resolvePeriod(t.deps, ctx, q({ period: 'today' }));
    expect(p).toMatchObject({ period: 'today', from: '2026-11-21', to: '2026-11-21', time_zone: 'Asia/Phnom_Penh', branch_id: null });
    expect(p.currency).toBe('USD');
    expect(Number(p.exchange_rate)).toBeGreaterThan(0);
    t.clock.advance(12 * 3600_000);
    expect(await resolvePeriod(t.deps, ctx, q({ period: 'today' }))).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
    await t.deps.db.updateTable('general_settings').set({ time_zone: 'UTC' }).where('business_id', '=', ctx.businessId).execute();
    expect(await resolvePeriod(t.deps, ctx, q({ period: 'today' }))).toMatchObject({ from: '2026-11-21', time_zone: 'UTC' });
    expect(await resolvePeriod(t.deps, ctx, q({}))).toMatchObject({ period: 'this_month', from: '2026-11-01', to: '2026-11-21' });
    await t.deps.db
      .updateTable('general_settings')
      .set({ time_zone: 'Asia/Phnom_Penh' })
      .where('business_id', '=', ctx.businessId)
      .execute();
    t.clock.advance(-12 * 3600_000);
  });

  it('forces a branch user to its branch, and keeps the branch a shop-level user asks for', async () => {
    const ctx = await contextFor(t.deps, OWNER.email);
    const other = '00000000-0000-4000-8000-000000000001';
    expect((await resolvePeriod(t.deps, ctx, q({ branch_id: other }))).branch_id).toBe(other);
    const branchCtx = { ...ctx, branchId: '00000000-0000-4000-8000-000000000002' };
    expect((await resolvePeriod(t.deps, branchCtx, q({ branch_id: other }))).branch_id).toBe(branchCtx.branchId);
    expect((await resolvePeriod(t.deps, branchCtx, q({}))).branch_id).toBe(branchCtx.branchId);
  });

  it('refuses an end before the start and a period longer than three years', async () => {
    const ctx = await contextFor(t.deps, OWNER.email);
    const refused = async (raw: Record<string, string>) => {
      try {
        await resolvePeriod(t.deps, ctx, q(raw));
      } catch (e) {
        return { status: (e as AppError).statusCode, ...(e as AppError).fieldErrors };
      }
      return null;
    };
    expect(await refused({ period: 'custom', from: '2026-11-02', to: '2026-11-01' })).toEqual({
      status: 400,
      to: 'reports.errors.to_before_from',
    });
    expect(await refused({ period: 'custom', from: '2023-01-01', to: '2026-01-05' })).toEqual({
      status: 400,
      to: 'reports.errors.period_too_long',
    });
    // 1,100 days exactly is allowed; the preset ignores from/to.
    expect(await refused({ period: 'custom', from: '2023-01-01', to: '2026-01-04' })).toBeNull();
    expect(await refused({ period: 'today', from: '2026-11-02', to: '2026-11-01' })).toBeNull();
  });
});
