import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { hasPermission, useUserData } from '../lib/auth-store';
import { ContentLayout } from './layouts/content-layout';
import { SettingLayout } from './layouts/setting-layout';
import { LoginScreen, safeRedirect } from './screens/login-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { ForbiddenScreen } from './screens/forbidden-screen';
import { HomeScreen } from './screens/home-screen';

const CategoriesScreen = lazy(() => import('./screens/categories-screen').then((m) => ({ default: m.CategoriesScreen })));

/** A visitor without userData is sent to login with the full wanted path in `to`. */
function RequireAuth() {
  const user = useUserData();
  const location = useLocation();
  if (!user) {
    const to = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?to=${encodeURIComponent(to)}`} replace />;
  }
  return <Outlet />;
}

/** A signed-in user never sees /login: they go where `to` pointed, or home. */
function PublicOnly({ children }: { children: ReactNode }) {
  const user = useUserData();
  const [params] = useSearchParams();
  return user ? <Navigate to={safeRedirect(params.get('to'))} replace /> : <>{children}</>;
}

/** The server refuses the data anyway; this shows a clear page instead of a broken one. */
function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const user = useUserData();
  return hasPermission(user, permission) ? <>{children}</> : <ForbiddenScreen />;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<Center h="60vh"><Loader /></Center>}>
        <Outlet />
      </Suspense>
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <PublicOnly><LoginScreen /></PublicOnly> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <ContentLayout />,
            children: [{ path: '/', id: 'home', element: <HomeScreen /> }],
          },
          {
            element: <SettingLayout />,
            children: [
              { path: '/category-listing', element: <RequirePermission permission="category-management"><CategoriesScreen /></RequirePermission> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
