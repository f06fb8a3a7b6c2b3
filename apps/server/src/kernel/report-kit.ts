import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import { formatRate } from '@posauto/shared/money/index';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { Permission } from '@posauto/shared/permissions';
import { REPORT_MAX_DAYS, reportExportQuerySchema, type ReportPeriodInfo, type ReportQuery } from '@posauto/shared/schemas/reports';
import type { Deps } from '../deps';
import type { AppInstance } from '../http/app-instance';
import { ctxOf } from '../http/access';
import { branchScope, type RequestContext } from '../http/context';
import { invalid } from '../http/errors';
import { toCsv, toXlsx, type ExportColumn } from '../http/export';
import { spreadsheetAnswer } from '../http/openapi';
import { pickLanguage, translate, type Language } from '../lib/i18n';
import { addDays, DEFAULT_TIME_ZONE, isoWeek, localDay } from '../lib/time-zone';
import { shopSettings, shopToday } from './shop-settings';

/** A report needs the reports menu's permission and its own key (spec: report-management plus the report's key). */
export const reportAccess = (key: Permission) => ({ allOf: ['report-management', key] as const });

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first and last day of a preset, counted from the shop's today; weeks start on Monday (ISO). */
export function periodDays(period: ReportQuery['period'], today: string, custom: { from?: string; to?: string }) {
  const month = today.slice(0, 7);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const d = addDays(today, -1);
      return { from: d, to: d };
    }
    case 'this_week': {
      const weekday = (new Date(dayMs(today)).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'this_month':
      return { from: `${month}-01`, to: today };
    case 'last_month': {
      const last = addDays(`${month}-01`, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'custom':
      return { from: custom.from ?? `${month}-01`, to: custom.to ?? today };
  }
}

/**
 * Resolves a report's period and branch for the caller: days in the shop's time zone, a branch user's own branch
 * whatever was asked, and the shop's currency and current rate (for riel beside the amounts). Refuses a custom
 * period that ends before it starts or spans more than REPORT_MAX_DAYS.
 */
export async function resolvePeriod(deps: Deps, ctx: RequestContext, query: ReportQuery): Promise<ReportPeriodInfo> {
  const g = await shopSettings(deps.db, ctx.businessId);
  const today = shopToday(g, deps.clock);
  const { from, to } = periodDays(query.period, today, query);
  if (to < from) throw invalid({ to: 'reports.errors.to_before_from' });
  if ((dayMs(to) - dayMs(from)) / 86_400_000 + 1 > REPORT_MAX_DAYS) throw invalid({ to: 'reports.errors.period_too_long' });
  return {
    period: query.period,
    from,
    to,
    time_zone: g.timeZone,
    branch_id: branchScope(ctx, query.branch_id),
    currency: g.currency,
    exchange_rate: formatRate(g.rate),
  };
}

/** ISO week label of a day, e.g. 2026-W47 (for reports bucketed by week). */
export const weekLabel = (day: string) => {
  const w = isoWeek(day);
  return `${w.year}-W${String(w.week).padStart(2, '0')}`;
};

export interface ReportSheet<R> {
  /** Translation key of the sheet and file name (e.g. reports.sales.title); fileName is the ASCII file name. */
  fileKey: string;
  fileName: string;
  /** `data` is the answer, for columns that depend on it (e.g. one per payment method that appears). */
  columns: (t: (key: string) => string, lang: Language, data: any) => ExportColumn<R>[];
  /** The rows exactly as the screen's table shows them, the totals row last. */
  rows: (data: any, t: (key: string) => string) => R[];
}

export interface ReportConfig<Q extends ReportQuery, A> {
  /** e.g. /api/v1/reports/sales; the export is at path + '/export'. */
  path: string;
  operationId: string;
  summary: string;
  /** The report's own key, needed with report-management. */
  permission: Permission;
  query: z.ZodType<Q>;
  response: z.ZodType<A>;
  /** `exporting`: the export asks for every row of a paged report (the screen gets a page; the file, all of them). */
  run: (deps: Deps, ctx: RequestContext, query: Q, opts?: { exporting: boolean }) => Promise<A>;
  sheet: ReportSheet<any>;
}

/** A sheet's column headed by a translation key. */
export const sheetColumn = <R>(t: (key: string) => string, header: string, value: (r: R) => string | number | null): ExportColumn<R> => ({
  header: t(header),
  value,
});

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 422: errorSchema };

/**
 * A report's two routes: GET path (the figures as JSON) and GET path/export (the same rows as XLSX or CSV, built
 * from the same answer, so the file always says what the screen says).
 */
export function registerReport<Q extends ReportQuery, A>(app: AppInstance, deps: Deps, cfg: ReportConfig<Q, A>): void {
  const access = reportAccess(cfg.permission);
  // Generic over the report's schemas, which Fastify's route types cannot follow; the schemas still check every answer.
  const r = app as unknown as FastifyInstance;
  r.get(cfg.path, {
    config: { access },
    schema: {
      tags: ['reports'],
      operationId: cfg.operationId,
      summary: cfg.summary,
      querystring: cfg.query,
      response: { 200: cfg.response, ...errors },
    },
    handler: (req) => cfg.run(deps, ctxOf(req), req.query as Q),
  });
  r.get(`${cfg.path}/export`, {
    config: { access },
    schema: {
      tags: ['reports'],
      operationId: `${cfg.operationId}Export`,
      summary: `${cfg.summary}: as XLSX or CSV`,
      querystring: (cfg.query as unknown as z.ZodObject).extend(reportExportQuerySchema.shape),
      response: {
        200: spreadsheetAnswer('The report’s rows, totals last, as an XLSX workbook or a CSV file (UTF-8 with a BOM)'),
        ...errors,
      },
    },
    handler: async (req, reply: FastifyReply) => {
      const { format, ...rest } = req.query as Q & { format: 'xlsx' | 'csv' };
      const lang = pickLanguage(req.headers['accept-language']);
      const t = (key: string) => translate(lang, key);
      const data = await cfg.run(deps, ctxOf(req), rest as unknown as Q, { exporting: true });
      const columns = cfg.sheet.columns(t, lang, data);
      const rows = cfg.sheet.rows(data, t);
      const name = t(cfg.sheet.fileKey);
      const stamp = localDay(deps.clock.now(), DEFAULT_TIME_ZONE);
      const file = format === 'csv' ? toCsv(columns, rows) : await toXlsx(name, columns, rows, RTL_LANGUAGES.includes(lang));
      return reply
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'content-disposition',
          `attachment; filename="${cfg.sheet.fileName}-${stamp}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${format}`)}`,
        )
        .send(file);
    },
  });
}

/**
 * A report as one registration (its two routes), so the reports module lists its reports: each report's file says
 * its path, schemas, figures and sheet, and the list says which are served, in order.
 */
export const defineReport =
  <Q extends ReportQuery, A>(cfg: ReportConfig<Q, A>) =>
  (app: AppInstance, deps: Deps): void =>
    registerReport(app, deps, cfg);
