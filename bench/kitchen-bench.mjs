/**
 * Table service under load (issue #24): TABLES tables of one branch send to the kitchen at the same moment, ROUNDS
 * times, while a kitchen display listens on the live kitchen channel (the stream a browser's EventSource opens). For
 * each send: how long until the server answered the waiter, and how long until the kitchen display heard of the
 * ticket (the `change` event naming the order) -- the time a cook waits for a ticket to appear.
 *
 * Everything goes through the public API as the demo shop's owner: an area and TABLES tables, a default station,
 * one order per table; each round adds a line to every order (with an Idempotency-Key) and then sends them all at once.
 */
import { randomUUID } from 'node:crypto';

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (n) => Math.round(n * 10) / 10;

async function call(base, token, method, path, body, key) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}
async function ok(base, token, method, path, body, key) {
  const r = await call(base, token, method, path, body, key);
  if (r.status >= 300) throw new Error(`${method} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json;
}

/** Opens the kitchen stream of a branch and calls `onChange(data, at)` for each `change` event; resolves once `ready`. */
async function listen(base, token, branchId, onChange) {
  const { ticket } = await ok(base, token, 'POST', '/api/v1/kitchen/stream-ticket', {});
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/kitchen/stream?ticket=${encodeURIComponent(ticket)}&branch_id=${branchId}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok) throw new Error(`the kitchen stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let readyResolve;
  const ready = new Promise((r) => (readyResolve = r));
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') readyResolve();
          if (event === 'change' && data) onChange(JSON.parse(data), at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ready;
  return () => controller.abort();
}

/**
 * Answers { tables, rounds, sends, send_ms: {p50, p99, max}, display_ms: {p50, p99, max}, missed } where display_ms is
 * from a send's request to its ticket's event on the kitchen stream.
 */
export async function measureKitchenSends(base, token, { tables = 20, rounds = 10, isInterrupted = () => false } = {}) {
  const branches = await ok(base, token, 'GET', '/api/v1/branches/options');
  const branchId = branches[0].id;
  const tag = randomUUID().slice(0, 6);
  const area = await ok(base, token, 'POST', '/api/v1/floor/areas', { branch_id: branchId, name: `Bench ${tag}` });
  const tableIds = [];
  for (let i = 0; i < tables; i++)
    tableIds.push(
      (
        await ok(base, token, 'POST', '/api/v1/floor/tables', {
          area_id: area.id,
          name: `B${tag}-${i + 1}`,
          seats: 4,
          x: (i % 8) * 5,
          y: Math.floor(i / 8) * 5,
        })
      ).id,
    );
  const stations = await ok(base, token, 'GET', `/api/v1/kitchen/stations?branch_id=${branchId}`);
  if (!stations.data.some((s) => s.is_default))
    await ok(base, token, 'POST', '/api/v1/kitchen/stations', { branch_id: branchId, name: `Kitchen ${tag}`, is_default: true });

  const orders = [];
  for (const tableId of tableIds) orders.push((await ok(base, token, 'POST', '/api/v1/table-orders', { table_id: tableId, guests: 2 })).id);
  // A product the branch sells: the first the till's search offers that an order takes.
  const products = (await ok(base, token, 'GET', '/api/v1/pos/products?per_page=25')).data.filter(
    (p) => p.type === 'single' && !p.variants.length,
  );
  let productId = null;
  for (const p of products) {
    const r = await call(
      base,
      token,
      'POST',
      `/api/v1/table-orders/${orders[0]}/lines`,
      { lines: [{ product_id: p.id, quantity: '1' }] },
      randomUUID(),
    );
    if (r.status < 300) {
      productId = p.id;
      break;
    }
  }
  if (!productId) throw new Error('no product of the branch could be added to an order');
  await ok(base, token, 'POST', `/api/v1/table-orders/${orders[0]}/send`);

  const waiting = new Map();
  const display = [];
  let missed = 0;
  const stop = await listen(base, token, branchId, (data, at) => {
    const w = waiting.get(data.order_id);
    if (w && data.kind === 'ticket') {
      display.push(at - w.start);
      waiting.delete(data.order_id);
      w.resolve();
    }
  });
  const sendMs = [];
  try {
    for (let round = 0; round < rounds && !isInterrupted(); round++) {
      await Promise.all(
        orders.map((id) =>
          ok(base, token, 'POST', `/api/v1/table-orders/${id}/lines`, { lines: [{ product_id: productId, quantity: '1' }] }, randomUUID()),
        ),
      );
      await Promise.all(
        orders.map(async (id) => {
          let resolve;
          const heard = new Promise((r) => (resolve = r));
          const start = performance.now();
          waiting.set(id, { start, resolve });
          await ok(base, token, 'POST', `/api/v1/table-orders/${id}/send`, undefined, randomUUID());
          sendMs.push(performance.now() - start);
          const timeout = new Promise((r) => setTimeout(() => r('timeout'), 10_000));
          if ((await Promise.race([heard, timeout])) === 'timeout') {
            missed += 1;
            waiting.delete(id);
          }
        }),
      );
    }
  } finally {
    stop();
  }
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), max: round(s[s.length - 1] ?? 0) };
  };
  return { tables, rounds, sends: sendMs.length, send_ms: stats(sendMs), display_ms: stats(display), missed };
}

export function formatKitchenSends(name, k) {
  return (
    `[${name}] kitchen sends: ${k.sends} sends (${k.tables} tables at once x ${k.rounds}); answer p50 ${k.send_ms.p50} ms, p99 ${k.send_ms.p99} ms; ` +
    `ticket on the kitchen display p50 ${k.display_ms.p50} ms, p99 ${k.display_ms.p99} ms (max ${k.display_ms.max} ms)` +
    (k.missed ? `; ${k.missed} never heard` : '') +
    '\n'
  );
}
