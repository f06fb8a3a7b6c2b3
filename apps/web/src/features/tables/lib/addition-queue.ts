import type { OrderLineInput } from '@posauto/shared/schemas/restaurant';

/** One tap on a product: its line and the Idempotency-Key it is sent with, every time, until the server answers. */
export interface PendingAddition {
  key: string;
  line: OrderLineInput;
}

export interface QueueDeps {
  send: (item: PendingAddition) => Promise<void>;
  newKey: () => string;
  /** The queue changed (to show what is still on its way). */
  onChange: (items: readonly PendingAddition[]) => void;
  /** The server refused an addition (it is dropped): its message. */
  onRefused: (error: unknown) => void;
  /** Waits before a retry (a test passes its own clock). */
  wait: (ms: number) => Promise<void>;
  retryMs?: number;
}

/** A failure worth sending again with the same key: no answer at all (Wi-Fi), or the server not there for a moment. */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The additions of one order, sent one after another in the order tapped. A failed send stays at the head of the
 * queue and goes again with the same key (the server adds its lines once); a refusal drops it and says why.
 */
export function createAdditionQueue(deps: QueueDeps) {
  let items: PendingAddition[] = [];
  let running = false;
  let stopped = false;
  const changed = () => deps.onChange(items);

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (items.length > 0 && !stopped) {
        const head = items[0]!;
        try {
          await deps.send(head);
          items = items.slice(1);
          changed();
        } catch (e) {
          if (isRetryable(e)) {
            await deps.wait(deps.retryMs ?? 2000);
          } else {
            items = items.filter((x) => x !== head);
            changed();
            deps.onRefused(e);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    add(line: OrderLineInput): PendingAddition {
      const item = { key: deps.newKey(), line };
      items = [...items, item];
      changed();
      void pump();
      return item;
    },
    items: () => items,
    /** Leaving the screen: nothing more is sent from this queue. */
    stop() {
      stopped = true;
    },
    pump,
  };
}
export type AdditionQueue = ReturnType<typeof createAdditionQueue>;
