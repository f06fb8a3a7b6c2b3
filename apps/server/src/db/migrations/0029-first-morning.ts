import { sql, type Kysely, type Migration } from 'kysely';
import { timestampType, type DialectKind } from '../dialect/index';

/** The Manager and Cashier presets' keys, and the English names they were created with (before shops had a language). */
const PRESETS_BEFORE: Array<[key: string, name: string]> = [
  ['manager', 'Manager'],
  ['cashier', 'Cashier'],
];

/**
 * The first morning of a new shop (issue 21).
 *
 * - roles, `preset_key` (owner, manager, cashier): a shop is now seeded in its owner's language, so a preset role is
 *   found by its key, never by its (translated, renamable) name. The Owner role is known by its flag; the other
 *   presets were created in English, and one an owner has renamed since is a role like any other.
 * - businesses, `setup_dismissed_at`: the owner closed the dashboard's setup checklist. A shop that has already sold
 *   is past its first morning: its checklist starts closed.
 */
export function firstMorning(kind: DialectKind): Migration {
  const ts = timestampType(kind);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('roles').addColumn('preset_key', 'text').execute();
      await db.updateTable('roles').set({ preset_key: 'owner' }).where('is_preset', '=', 1).where('is_owner', '=', 1).execute();
      for (const [key, name] of PRESETS_BEFORE) {
        await db.updateTable('roles').set({ preset_key: key }).where('is_preset', '=', 1).where('name', '=', name).execute();
      }
      // One preset of each kind per shop: the database refuses a second, whatever it is called.
      await db.schema
        .createIndex('roles_preset_key')
        .unique()
        .on('roles')
        .columns(['business_id', 'preset_key'])
        .where(sql.ref('preset_key'), 'is not', null)
        .execute();

      await db.schema.alterTable('businesses').addColumn('setup_dismissed_at', ts).execute();
      await db
        .updateTable('businesses')
        .set({ setup_dismissed_at: sql.ref('created_at') })
        .where((eb) =>
          eb.or([
            eb('is_platform', '=', 1),
            eb.exists(eb.selectFrom('sales as s').select('s.id').whereRef('s.business_id', '=', 'businesses.id')),
          ]),
        )
        .execute();
    },
  };
}
