import type { Permission } from '@posauto/shared/permissions';

/**
 * How a purpose's channels are cut. `shop`: one channel per shop, every listener of the shop hears every event.
 * `branch`: each event belongs to a branch; a listener tied to a branch (a branch user, or a screen that names its
 * branch: a kitchen display) hears that branch's only, a shop-wide listener hears them all.
 */
export type ChannelScope = 'shop' | 'branch';

/** What a live channel is for (stock alerts, a kitchen's tickets, a room board), and who may listen to it. */
export interface ChannelPurpose {
  /** Lower-case words joined by '-': 'stock-alerts', 'kitchen'. */
  readonly name: string;
  /** The permission a listener's session must hold, checked when its stream opens and when it takes a ticket. */
  readonly permission: Permission;
  readonly scope: ChannelScope;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const purposes = new Map<string, ChannelPurpose>();

/**
 * Declares a purpose once, where the module that publishes on it is defined. Declaring the same name again with the
 * same terms answers the first (a module loaded twice); with other terms it is a programming error.
 */
export function definePurpose(purpose: ChannelPurpose): ChannelPurpose {
  if (!NAME.test(purpose.name)) throw new Error(`bad channel purpose ${purpose.name}`);
  const known = purposes.get(purpose.name);
  if (known && (known.permission !== purpose.permission || known.scope !== purpose.scope))
    throw new Error(`channel purpose ${purpose.name} is already declared differently`);
  if (!known) purposes.set(purpose.name, Object.freeze({ ...purpose }));
  return purposes.get(purpose.name)!;
}
