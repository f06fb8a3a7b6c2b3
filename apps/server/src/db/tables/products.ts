/** Table types of the products module (see db/types.ts for the conventions). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProductTables {}
