import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { APP_ROUTES, type AppRoute } from '@posauto/shared/routes';

/** Every route of the spec by its path, matched (and ranked) the way the router matches them. */
const BY_PATH = APP_ROUTES.map((route) => ({ path: route.path, route }));

/** The route of the spec the address shows (the app uses the declarative router, which has no useMatches). */
export function useCurrentRoute(): AppRoute | undefined {
  const { pathname } = useLocation();
  return useMemo(() => matchRoutes(BY_PATH, pathname)?.at(-1)?.route.route, [pathname]);
}
