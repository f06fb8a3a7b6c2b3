import type { Kysely, Migration } from 'kysely';
import { timestampType, type DialectKind } from '../dialect/index';

/**
 * Issue 9, item 4. Uploaded images are recorded with their purpose, so that an image field takes only an upload
 * made for it and not used elsewhere, and uploads never saved can be swept.
 */
export function mediaUploads(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('media_uploads')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('claimed_at', ts)
        .addPrimaryKeyConstraint('media_uploads_pk', ['business_id', 'key'])
        .execute();
      // The sweep looks for unclaimed uploads by age.
      await db.schema.createIndex('media_uploads_unclaimed').on('media_uploads').columns(['claimed_at', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('media_uploads').execute();
    },
  };
}
