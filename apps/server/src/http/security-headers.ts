import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (Content-Security-Policy, HSTS, nosniff, frame and referrer policies...),
 * from helmet's middleware built once at start. @fastify/helmet builds that middleware again on every request,
 * parsing the whole CSP each time: 40 to 60 us of a 300 us stock page, the largest single cost after SQLite.
 * The hook is global (an app-level hook, like the plugin's), so 404s and errors carry the headers too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
