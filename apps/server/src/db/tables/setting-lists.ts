/** Table types of the setting-lists module (see db/types.ts for the conventions). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SettingListTables {}
