import { z } from 'zod';
import { idSchema, listQuerySchema, listResponseSchema, timestampSchema } from './common';
import { dayTextSchema } from './stock';

/**
 * The audit log screen (/audit-log, permission audit-log, issue #20): the lines every action writes to audit_log in
 * its own transaction, read back newest first. Actions are open-ended (a module may start writing a new one any day),
 * so an entry carries its raw action and entity with their labels, and belongs to one kind, the screen's filter.
 */
export const AUDIT_KINDS = [
  'voids',
  'returns',
  'discounts',
  'price_edits',
  'reprints',
  'cash_moves',
  'close_differences',
  'sign_ins',
  'roles_users',
  'other',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_LOG_SORTS = ['created_at'] as const;

const filters = listQuerySchema(AUDIT_LOG_SORTS).extend({
  branch_id: idSchema.optional(),
  /** Who acted. */
  user_id: idSchema.optional(),
  kind: z.enum(AUDIT_KINDS, 'audit_log.errors.kind_invalid').optional(),
  /** Shop-local days of created_at, inclusive. */
  from: dayTextSchema.optional(),
  to: dayTextSchema.optional(),
});

/** A period that ends before it starts says nothing: refused rather than answered with an empty list. */
function inOrder(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'audit_log.errors.to_before_from' });
}

export const auditLogListQuerySchema = filters.superRefine(inOrder);
export type AuditLogListQuery = z.infer<typeof auditLogListQuerySchema>;

export const auditLogExportQuerySchema = filters
  .extend({ format: z.enum(['xlsx', 'csv'], 'validation.invalid_format').default('xlsx') })
  .superRefine(inOrder);

/** One audit line as the screen and the export show it. Labels and the summary are in the caller's language. */
export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: timestampSchema,
  user_id: z.string().nullable(),
  /** Null when the user is not (or no longer) one of the shop's: deleted, or the platform team. */
  user_name: z.string().nullable(),
  action: z.string(),
  /** The action's translated label, or the raw action when it has none yet. */
  action_label: z.string(),
  entity: z.string(),
  entity_label: z.string(),
  entity_id: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  /** What people read for the entity: an invoice, return, session or purchase number, a product, role or user name. */
  document_number: z.string().nullable(),
  /** The app path of the document, while it exists, and the route whose permission opening it needs. */
  link: z.string().nullable(),
  link_route: z.string().nullable(),
  /** The document's branch (a sign-in: the user's), when it has one; a transfer names both ("From → To"), and is the sender's. */
  branch_id: z.string().nullable(),
  branch_name: z.string().nullable(),
  /** The line's details, short and readable ("Amount: 5.00 USD · Reason: change"). */
  summary: z.string(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogListResponseSchema = listResponseSchema(auditEntrySchema);

/** The filters' choices: branches (a branch user: its own) and the users who may appear. */
export const auditLogOptionsSchema = z.object({
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditLogOptions = z.infer<typeof auditLogOptionsSchema>;
