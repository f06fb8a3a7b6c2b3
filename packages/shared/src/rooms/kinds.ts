/**
 * The kinds of day a rate plan prices and the block sizes it may charge by: a module of its own, so that the schemas
 * (and every screen that reads them, the till among them) do not carry the rate engine.
 */
export const DAY_KINDS = ['weekday', 'weekend', 'holiday'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
/** Blocks that divide an hour. */
export const BLOCK_SIZES = [1, 15, 30, 60] as const;
