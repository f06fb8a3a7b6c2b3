import { errorSchema } from '@posauto/shared/schemas/common';
import { globalSearchQuerySchema, globalSearchResponseSchema } from '@posauto/shared/schemas/shell';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { pickLanguage } from '../../lib/i18n';
import type { Deps } from '../../deps';
import type { RecordSearchProviderFactory } from './global-search.providers';
import { globalSearch } from './global-search.service';

/** The global search routes, asking the record providers the app registers (in the order their results are listed). */
export const globalSearchRoutes =
  (providerFactories: readonly RecordSearchProviderFactory[]) =>
  (app: AppInstance, deps: Deps): void => {
    const providers = providerFactories.map((make) => make(deps));
    // Every signed-in user may search; what they find is filtered by their own permissions.
    app.get('/api/v1/global-search', {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['shell'],
        operationId: 'globalSearch',
        summary: 'Pages the caller may open and records of their shop matching q',
        querystring: globalSearchQuerySchema,
        response: { 200: globalSearchResponseSchema, 400: errorSchema, 401: errorSchema },
      },
      handler: (req) => globalSearch(providers, ctxOf(req), pickLanguage(req.headers['accept-language']), req.query.q),
    });
  };
