import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer';
import type { Deps } from './deps';
import { registerAccessControl } from './http/access';
import { registerSecurityHeaders } from './http/security-headers';
import type { AppInstance } from './http/app-instance';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { OPENAPI_DOCUMENT, openapiObjectTransform, openapiRouteTransform } from './http/openapi';
import { pickLanguage, translate } from './lib/i18n';
import { authenticate, authRoutes } from './modules/auth/index';
import { categoryRoutes, categorySearchProvider } from './modules/categories/index';
import { dashboardRoutes } from './modules/dashboard/index';
import { globalSearchRoutes, type RecordSearchProviderFactory } from './modules/global-search/index';
import { healthRoutes } from './modules/health/index';
import { settingsRoutes } from './modules/settings/index';
import { stockAlertStreamRoutes, stockNotificationRoutes } from './modules/stock-notifications/index';
import { roleRoutes } from './modules/roles/index';
import { userRoutes } from './modules/users/index';
import { profileRoutes } from './modules/profile/index';
import { signupRoutes } from './modules/signup/index';
import { passwordResetRoutes } from './modules/password-reset/index';
import { platformAdminRoutes } from './modules/platform-admin/index';
import { brandRoutes } from './modules/brands/index';
import { floorRoutes } from './modules/floor/index';
import { kitchenRoutes } from './modules/kitchen/index';
import { orderRoutes } from './modules/orders/index';
import { roomRoutes } from './modules/rooms/index';
import { tillRoutes } from './modules/tills/index';
import { unitRoutes } from './modules/units/index';
import { supplierRoutes } from './modules/suppliers/index';
import { paymentMethodRoutes } from './modules/payment-methods/index';
import { warehouseRoutes } from './modules/warehouses/index';
import { customerRoutes } from './modules/customers/index';
import { saleSettingsRoutes } from './modules/sale-settings/index';
import { mediaRoutes } from './modules/media/index';
import { productRoutes, productSearchProvider } from './modules/products/index';
import { variationRoutes } from './modules/variations/index';
import { variationValueRoutes } from './modules/variation-values/index';
import { serviceChargeRoutes } from './modules/service-charges/index';
import { adjustmentTypeRoutes } from './modules/adjustment-types/index';
import { publicMenuRoutes } from './modules/public-menu/index';
import { stockRoutes } from './modules/stock/index';
import { stockReportRoutes } from './modules/stock/index';
import { purchaseRoutes } from './modules/purchases/index';
import { auditLogRoutes } from './modules/audit-log/index';
import { setupStatusRoutes } from './modules/setup-status/index';
import { cashSessionRoutes } from './modules/cash-sessions/index';
import { couponRoutes } from './modules/coupons/index';
import { saleRoutes } from './modules/sales/index';
import { posRoutes } from './modules/pos/index';
import { receiptRoutes } from './modules/receipts/index';
import { expenseCategoryRoutes } from './modules/expense-categories/index';
import { expenseRoutes } from './modules/expenses/index';
import { reportRoutes } from './modules/reports/index';

/** Records the global search finds, in the order they are listed: a module's records are found by adding its provider here. */
export const RECORD_SEARCH_PROVIDERS: readonly RecordSearchProviderFactory[] = [categorySearchProvider, productSearchProvider];

/** Every module's routes, in one list: adding a module is adding a line here. */
const MODULES: Array<(app: AppInstance, deps: Deps) => void> = [
  healthRoutes,
  authRoutes,
  settingsRoutes,
  categoryRoutes,
  globalSearchRoutes(RECORD_SEARCH_PROVIDERS),
  stockNotificationRoutes,
  stockAlertStreamRoutes,
  dashboardRoutes,
  roleRoutes,
  userRoutes,
  profileRoutes,
  signupRoutes,
  passwordResetRoutes,
  platformAdminRoutes,
  brandRoutes,
  floorRoutes,
  unitRoutes,
  supplierRoutes,
  paymentMethodRoutes,
  warehouseRoutes,
  customerRoutes,
  saleSettingsRoutes,
  mediaRoutes,
  productRoutes,
  variationRoutes,
  variationValueRoutes,
  serviceChargeRoutes,
  adjustmentTypeRoutes,
  publicMenuRoutes,
  stockRoutes,
  stockReportRoutes,
  purchaseRoutes,
  cashSessionRoutes,
  couponRoutes,
  saleRoutes,
  orderRoutes,
  roomRoutes,
  kitchenRoutes,
  posRoutes,
  tillRoutes,
  receiptRoutes,
  expenseCategoryRoutes,
  expenseRoutes,
  reportRoutes,
  auditLogRoutes,
  setupStatusRoutes,
];

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine writes CSS variables into style attributes and tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'access_token'], censor: '[hidden]' },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Errors found while routing (bad percent-encoding, an over-long path parameter) in the API's shape and language.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Images stored in an S3-compatible bucket load from its public address.
  const imageOrigin = config.media.kind === 's3' ? new URL(config.media.publicUrl).origin : null;
  const directives = imageOrigin ? { ...CSP, imgSrc: [...CSP.imgSrc, imageOrigin] } : CSP;
  // Before access control: a refused request (401, 403) carries the security headers like any other answer.
  registerSecurityHeaders(app, { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  registerAccessControl(app, async (req) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return token ? authenticate(deps, token, req.ip ?? null) : null;
  });

  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(swagger, { openapi: OPENAPI_DOCUMENT, transform: openapiRouteTransform, transformObject: openapiObjectTransform });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (api) => {
    // API answers over 1 KB go compressed to a client that accepts it (a list of 100 sales: 95 KB of JSON). Only in this
    // scope: the web app's files are compressed at build time, and a small answer is faster sent as it is.
    await api.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
    for (const register of MODULES) register(api as unknown as AppInstance, deps);
  });

  const webDist = config.webDist ?? join(process.cwd(), 'apps/web/dist');
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // The build writes a .br and a .gz next to every text file; preCompressed picks one by Accept-Encoding
    // (Vary: Accept-Encoding). Files under assets/ carry a content hash in their name: cached for a year.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', webCacheControl(webDist, path)),
    });
  }
  // The single-page app answers every non-API GET with its shell; its router shows the not-found page. A file the build
  // does not have (an old chunk asked for by a page opened before a redeploy) is a 404, never the shell: the page's
  // import then fails cleanly and the app offers to reload, instead of running HTML as a script (a white page).
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api');
    const isFile =
      req.url.startsWith('/assets/') || /^\/[^/?]+\.(js|css|map|json|webmanifest|png|svg|ico|webp|woff2?|txt|xml)(\?|$)/.test(req.url);
    if (!isApi && !isFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: translate(pickLanguage(req.headers['accept-language']), 'errors.route_not_found') });
  });

  return app;
}

/**
 * Hashed build output is immutable; the shell (index.html), the service worker (sw.js: a till must find a new build at
 * its next check, not an hour later) and the web app manifest are revalidated on every load; other files for an hour.
 */
export function webCacheControl(webDist: string, file: string): string {
  const rel = relative(webDist, file).split(sep).join('/');
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (/^(index\.html|sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(rel)) return 'no-cache';
  return 'public, max-age=3600';
}
