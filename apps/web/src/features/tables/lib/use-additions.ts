import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderLineInput, TableOrder } from '@posauto/shared/schemas/restaurant';
import { uuid } from '../../../lib/uuid';
import { notifyError } from '../../../lib/notify';
import { addLines, TABLES_KEY } from '../api/tables-api';
import { createAdditionQueue, type AdditionQueue, type PendingAddition } from './addition-queue';

/**
 * The waiter's taps on an order: each one a POST of its own with its own Idempotency-Key, queued in order. A request
 * that gets no answer is sent again with the same key (the server adds its lines once); the taps still on their way
 * are shown as pending lines.
 */
export function useAdditions(orderId: string | undefined) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<readonly PendingAddition[]>([]);
  const queue = useRef<AdditionQueue | null>(null);
  useEffect(() => {
    if (!orderId) return;
    const q = createAdditionQueue({
      send: async (item) => {
        const order = await addLines(orderId, { lines: [item.line] }, item.key);
        qc.setQueryData<TableOrder>([...TABLES_KEY, 'order', orderId], order);
      },
      newKey: uuid,
      onChange: (items) => {
        setPending(items);
        if (items.length === 0) void qc.invalidateQueries({ queryKey: [...TABLES_KEY, 'floor'] });
      },
      onRefused: notifyError,
      wait: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    queue.current = q;
    return () => {
      q.stop();
      queue.current = null;
    };
  }, [orderId, qc]);
  return { pending, add: (line: OrderLineInput) => queue.current?.add(line) };
}
