import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { DialectKind } from '../db/dialect/index';

/**
 * Domain events: one module says what happened, inside the transaction that made it happen, and other modules act on
 * it in that same transaction, without the first module knowing them (the stock ledger does not import the
 * notifications). A handler's writes commit or roll back with the raiser's; a handler that throws fails the raiser.
 *
 * In-process and synchronous by design: what must reach other server instances or browsers goes on a live channel
 * (kernel/channels), which a handler publishes to from here and which delivers only on commit.
 */
export interface DomainEvent<T> {
  readonly name: string;
  /** Never set: carries the payload's type to raiseEvent and onEvent. */
  readonly payload?: T;
}

export function domainEvent<T>(name: string): DomainEvent<T> {
  return { name };
}

/** Where an event is raised: the transaction of the document that raised it. */
export interface EventScope {
  trx: Kysely<Database>;
  kind: DialectKind;
}

export type EventHandler<T> = (scope: EventScope, payload: T) => Promise<void>;

const handlers = new Map<string, Map<string, EventHandler<never>>>();

/**
 * Registers what a module does when `event` is raised. `key` names the handler, so registering it again (a module
 * loaded twice, tests building several apps) replaces it instead of running it twice.
 */
export function onEvent<T>(event: DomainEvent<T>, key: string, handler: EventHandler<T>): void {
  let byKey = handlers.get(event.name);
  if (!byKey) handlers.set(event.name, (byKey = new Map()));
  byKey.set(key, handler as EventHandler<never>);
}

/** Raises `event` inside `scope.trx`: each handler runs now, one after the other in registration order. */
export async function raiseEvent<T>(scope: EventScope, event: DomainEvent<T>, payload: T): Promise<void> {
  for (const handler of handlers.get(event.name)?.values() ?? []) await (handler as EventHandler<T>)(scope, payload);
}

/** A stock level reached its alert level (raised once per crossing: again only after it has gone back above). */
export interface StockLevelLow {
  businessId: string;
  branchId: string;
  productId: string;
  /** The item as people read it (a variant: "product - variant"). */
  name: string;
  image: string | null;
  /** On hand after the movement, base-unit thousandths. */
  onHand: number;
  at: string;
}

export const STOCK_LEVEL_LOW = domainEvent<StockLevelLow>('stock.level-low');
