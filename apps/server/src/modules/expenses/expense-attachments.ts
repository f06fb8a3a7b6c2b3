import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EXPENSE_ATTACHMENT_MAX_BYTES, type ExpenseAttachment } from '@posauto/shared/schemas/expenses';
import type { Deps } from '../../deps';
import type { Database } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { AppError, unprocessable } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { normaliseImage } from '../media/index';

// An expense's receipt: uploaded first, kept until an expense takes it, and dropped with the expense.

/** An upload no expense took is deleted this long after it was made (at the shop's next upload). */
const UNCLAIMED_MS = 24 * 60 * 60 * 1000;
const ATTACHMENT_KEY = /^[0-9a-f]{32}$/;

export const attachmentTooLarge = () =>
  new AppError(413, 'expenses.errors.attachment_too_large', { file: 'expenses.errors.attachment_too_large' });
const notAReceipt = () => unprocessable('expenses.errors.attachment_type', 'file');

/** A PDF by its bytes: the header in the first kilobyte (as readers accept it) and an end-of-file marker near the end. */
export function isPdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).indexOf('%PDF-');
  return head >= 0 && bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF');
}

/**
 * Keeps an uploaded receipt until an expense takes it: a photo (PNG, JPEG or WebP, read from its bytes, turned
 * upright, shrunk and re-encoded, which drops its metadata) or a PDF (recognised by its bytes, kept as sent).
 */
export async function storeAttachment(deps: Deps, ctx: RequestContext, bytes: Buffer): Promise<ExpenseAttachment> {
  const { db, clock } = deps;
  if (bytes.length > EXPENSE_ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  let stored: Buffer;
  let type: 'image' | 'pdf';
  if (isPdf(bytes)) {
    stored = bytes;
    type = 'pdf';
  } else {
    try {
      stored = await normaliseImage(bytes);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 413) throw attachmentTooLarge();
      throw notAReceipt();
    }
    type = 'image';
  }
  const key = randomBytes(16).toString('hex');
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    // Receipts no expense took within a day go, a shop at a time, when it uploads again.
    await trx
      .deleteFrom('expense_attachments')
      .where('business_id', '=', ctx.businessId)
      .where('claimed_at', 'is', null)
      .where('created_at', '<', new Date(now.getTime() - UNCLAIMED_MS).toISOString())
      .execute();
    await trx
      .insertInto('expense_attachments')
      .values({
        business_id: ctx.businessId,
        key,
        content_type: type === 'pdf' ? 'application/pdf' : 'image/webp',
        size: stored.length,
        bytes: stored,
        created_at: now.toISOString(),
        claimed_at: null,
      })
      .execute();
  });
  return { key, type, size: stored.length };
}

/** Takes an upload of this shop that no expense has taken yet, in the expense's transaction. */
export async function claimAttachment(trx: Kysely<Database>, clock: Clock, ctx: RequestContext, key: string) {
  const r = ATTACHMENT_KEY.test(key)
    ? await trx
        .updateTable('expense_attachments')
        .set({ claimed_at: clock.now().toISOString() })
        .where('business_id', '=', ctx.businessId)
        .where('key', '=', key)
        .where('claimed_at', 'is', null)
        .executeTakeFirst()
    : { numUpdatedRows: 0n };
  if (Number(r.numUpdatedRows) !== 1) throw unprocessable('expenses.errors.attachment_invalid', 'attachment');
}

export const dropAttachment = (trx: Kysely<Database>, businessId: string, key: string) =>
  trx.deleteFrom('expense_attachments').where('business_id', '=', businessId).where('key', '=', key).execute();
