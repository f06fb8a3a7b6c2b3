import { z } from 'zod';
import type { Permission } from '../permissions';

/**
 * The new owner's setup checklist, in order: each step is done or not from the shop's real data (the server decides),
 * and is a link to the screen where it is done (a route name of routes.ts). Titles: setup.checklist.steps.<key>. A step
 * is on the list only for a user who may open its screen, and hold `needs` (a Start Up shop sells nothing at a till).
 */
export const SETUP_STEPS: ReadonlyArray<{ key: SetupStepKey; route: string; needs?: Permission }> = [
  // The general settings saved once: the exchange rate, the VAT and the time zone looked at and kept.
  { key: 'settings', route: 'general-setting' },
  // At least one active payment method (sign-up makes Cash).
  { key: 'payment_methods', route: 'payment-listing' },
  { key: 'products', route: 'create-product' },
  // An active user besides the owners whose role sells at the till.
  { key: 'cashier', route: 'user-management', needs: 'sale-pos' },
  // A cash session opened once.
  { key: 'till', route: 'sale-pos' },
];

export const SETUP_STEP_KEYS = ['settings', 'payment_methods', 'products', 'cashier', 'till'] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

export const setupStatusSchema = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEP_KEYS), done: z.boolean() })),
  /** Every step is done: the checklist is gone for good. */
  complete: z.boolean(),
  /** The owner hid the checklist. */
  dismissed: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
