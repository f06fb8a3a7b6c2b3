import { RTL_LANGUAGES } from '@posauto/shared/i18n/index';
import {
  auditLogExportQuerySchema,
  auditLogListQuerySchema,
  auditLogListResponseSchema,
  auditLogOptionsSchema,
  type AuditEntry,
} from '@posauto/shared/schemas/audit-log';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { downloadHeaders, sheetStream, type ExportColumn } from '../../http/export';
import { spreadsheetAnswer } from '../../http/openapi';
import { pickLanguage, translate } from '../../lib/i18n';
import { auditLogService } from './audit-log.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['audit log'];
const access = { access: { permission: 'audit-log' as const } };
const BASE = '/api/v1/audit-log';
const langOf = (req: { headers: { 'accept-language'?: string | undefined } }) => pickLanguage(req.headers['accept-language']);

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** An instant as the shop's wall clock reads it ("2026-11-21 15:04:05"): the file says what the screen says. */
function shopTime(iso: string, zone: string): string {
  let f = wallClocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The export's columns: the list's, with the time on the shop's clock. */
function exportColumns(t: (key: string) => string, zone: string): ExportColumn<AuditEntry>[] {
  return [
    { header: t('audit_log.time'), value: (e) => shopTime(e.created_at, zone), width: 20 },
    { header: t('audit_log.user'), value: (e) => e.user_name, width: 20 },
    { header: t('audit_log.action'), value: (e) => e.action_label, width: 20 },
    { header: t('audit_log.entity'), value: (e) => e.entity_label, width: 18 },
    { header: t('audit_log.document'), value: (e) => e.document_number, width: 18 },
    { header: t('audit_log.kind'), value: (e) => t(`audit_log.kinds.${e.kind}`), width: 22 },
    { header: t('audit_log.branch'), value: (e) => e.branch_name, width: 20 },
    { header: t('audit_log.details'), value: (e) => e.summary, width: 60 },
    { header: t('audit_log.ip'), value: (e) => e.ip, width: 16 },
  ];
}

/**
 * /audit-log (permission audit-log): what was done, by whom, when, from where; the writer is modules/audit, inside
 * each action's transaction. A branch user reads its own branch's entries only.
 */
export function auditLogRoutes(app: AppInstance, deps: Deps): void {
  const log = auditLogService(deps);

  app.get(BASE, {
    config: access,
    schema: {
      tags,
      operationId: 'listAuditLog',
      summary: 'Audit log entries, newest first, filtered by shop-local days, branch, user, kind and search',
      querystring: auditLogListQuerySchema,
      response: { 200: auditLogListResponseSchema, ...errors },
    },
    handler: (req) => log.list(ctxOf(req), req.query, langOf(req)),
  });

  app.get(`${BASE}/export`, {
    config: access,
    schema: {
      tags,
      operationId: 'exportAuditLog',
      summary: 'Export the listed audit log entries as XLSX or CSV',
      querystring: auditLogExportQuerySchema,
      response: { 200: spreadsheetAnswer('The listed entries as an XLSX workbook or a CSV file (UTF-8 with a BOM)') },
    },
    handler: async (req, reply) => {
      const { format, ...rest } = req.query;
      const lang = langOf(req);
      const t = (key: string) => translate(lang, key);
      const ctx = ctxOf(req);
      // Streamed batch by batch: an export of any size holds one batch in memory, and is never capped like "All".
      const rows = log.rows(ctx, { ...rest, per_page: 'all', page: 1 }, lang);
      const columns = exportColumns(t, await log.timeZone(ctx));
      const name = t('audit_log.file');
      const file = await sheetStream(format, name, columns, rows, RTL_LANGUAGES.includes(lang));
      const stamp = deps.clock.now().toISOString().slice(0, 10);
      return (
        reply
          .headers(downloadHeaders(format, 'audit-log', name, stamp))
          // The schema documents a binary answer; the stream is sent as it is.
          .send(file as unknown as string)
      );
    },
  });

  app.get(`${BASE}/options`, {
    config: access,
    schema: {
      tags,
      operationId: 'getAuditLogOptions',
      summary: 'Branches and users the audit log filters offer',
      response: { 200: auditLogOptionsSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => log.options(ctxOf(req)),
  });
}
