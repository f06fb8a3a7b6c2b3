import { z } from 'zod';

/**
 * What the transfer form offers, readable with stock-transfer alone: the branches it may send from (a branch user: its
 * own), every active branch of the shop to send to, and the units.
 */
export const stockTransferOptionsSchema = z.object({
  from_branches: z.array(z.object({ id: z.string(), name: z.string() })),
  to_branches: z.array(z.object({ id: z.string(), name: z.string() })),
  units: z.array(z.object({ id: z.string(), name: z.string(), base_unit_id: z.string().nullable() })),
});
export type StockTransferOptions = z.infer<typeof stockTransferOptionsSchema>;
