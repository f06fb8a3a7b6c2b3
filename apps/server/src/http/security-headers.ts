import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (Content-Security-Policy, HSTS, nosniff, frame and referrer policies...),
 * from helmet's middleware built once at start. @fastify/helmet builds that middleware again on every request,
 * parsing the whole CSP each time: 40 to 60 us of a 300 us stock page, the largest single cost after SQLite.
 * The hook is global (an app-level hook, like the plugin's), so 404s and errors carry the headers too.
 *
 * Two middlewares, one per protocol: `upgrade-insecure-requests` and HSTS are sent only over https (directly, or
 * behind a proxy that says so, with TRUST_PROXY). A shop's tablet that opens the shop computer over plain http by its
 * address (http://192.168.1.20:3000) would otherwise have every script and stylesheet switched to https, which the
 * shop computer does not serve: a white page.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const csp = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : {};
  const secure = helmet(options);
  const plain = helmet({
    ...options,
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, upgradeInsecureRequests: null } },
    strictTransportSecurity: false,
  } as HelmetOptions);
  app.addHook('onRequest', (req, reply, done) => {
    const apply = req.protocol === 'https' ? secure : plain;
    apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
