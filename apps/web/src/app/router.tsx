import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useSearchParams, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { APP_ROUTES, type AppRoute, type RouteLayout } from '@posauto/shared/routes';
import { hasPermission, useUserData } from '../lib/auth-store';
import { useInactivityLogout } from '../lib/inactivity';
import { BlankLayout } from './layouts/blank-layout';
import { ContentLayout } from './layouts/content-layout';
import { SettingLayout } from './layouts/setting-layout';
import { ForbiddenScreen } from './screens/forbidden-screen';
import { LoginScreen, safeRedirect } from './screens/login-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { PublicUpcomingScreen } from './screens/public-upcoming-screen';
import { UpcomingScreen } from './screens/upcoming-screen';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** Screens built so far; every other route of the spec shows its title, breadcrumb and what will appear there. */
const SCREENS: Record<string, ComponentType> = {
  login: LoginScreen,
  home: named(() => import('./screens/dashboard-screen'), 'DashboardScreen'),
  'category-listing': named(() => import('./screens/categories-screen'), 'CategoriesScreen'),
  'product-listing': named(() => import('./screens/products-screen'), 'ProductsScreen'),
  'create-product': named(() => import('./screens/product-form-screen'), 'ProductFormScreen'),
  'edit-product': named(() => import('./screens/product-form-screen'), 'ProductFormScreen'),
  'edit-product-variant': named(() => import('./screens/product-variants-screen'), 'ProductVariantsScreen'),
  'print-barcode': named(() => import('./screens/print-barcode-screen'), 'PrintBarcodeScreen'),
  'brand-listing': named(() => import('./screens/brands-screen'), 'BrandsScreen'),
  'product-unit': named(() => import('./screens/units-screen'), 'UnitsScreen'),
  'supplier-listing': named(() => import('./screens/suppliers-screen'), 'SuppliersScreen'),
  'payment-listing': named(() => import('./screens/payment-methods-screen'), 'PaymentMethodsScreen'),
  'warehouse-listing': named(() => import('./screens/warehouses-screen'), 'WarehousesScreen'),
  'customer-listing': named(() => import('./screens/customers-screen'), 'CustomersScreen'),
  'general-setting': named(() => import('./screens/general-setting-screen'), 'GeneralSettingScreen'),
  'sale-setting': named(() => import('./screens/sale-setting-screen'), 'SaleSettingScreen'),
  'variation-listing': named(() => import('./screens/variations-screen'), 'VariationsScreen'),
  'sub-variation-listing': named(() => import('./screens/variation-values-screen'), 'VariationValuesScreen'),
  'service-listing': named(() => import('./screens/service-charges-screen'), 'ServiceChargesScreen'),
  'stock-adjustment-type': named(() => import('./screens/adjustment-types-screen'), 'AdjustmentTypesScreen'),
  'stock-notification': named(() => import('./screens/stock-notification-screen'), 'StockNotificationScreen'),
  'stock-listing': named(() => import('./screens/stock-screens'), 'StockListingScreen'),
  'stock-adjustment-listing': named(() => import('./screens/stock-screens'), 'StockAdjustmentsScreen'),
  'stock-adjustment': named(() => import('./screens/stock-screens'), 'StockAdjustmentCreateScreen'),
  'stock-adjustment-detail': named(() => import('./screens/stock-screens'), 'StockAdjustmentDetailScreen'),
  'sale-pos': named(() => import('./screens/pos-screen'), 'PosScreen'),
  register: named(() => import('./screens/register-screen'), 'RegisterScreen'),
  registration: named(() => import('./screens/register-screen'), 'RegisterScreen'),
  'otp-verify': named(() => import('./screens/otp-verify-screen'), 'OtpVerifyScreen'),
  completed: named(() => import('./screens/completed-screen'), 'CompletedScreen'),
  'forgot-password': named(() => import('./screens/forgot-password-screen'), 'ForgotPasswordScreen'),
  'user-admin-management': named(() => import('./screens/user-admin-screen'), 'UserAdminScreen'),
  'roles-permissions': named(() => import('./screens/roles-screen'), 'RolesScreen'),
  'create-role': named(() => import('./screens/roles-screen'), 'RoleEditorScreen'),
  'edit-role': named(() => import('./screens/roles-screen'), 'RoleEditorScreen'),
  'user-management': named(() => import('./screens/users-screen'), 'UsersScreen'),
  'branch-user-management': named(() => import('./screens/users-screen'), 'BranchUsersScreen'),
  'update-profile': named(() => import('./screens/profile-screen'), 'ProfileScreen'),
  'change-password': named(() => import('./screens/profile-screen'), 'ChangePasswordScreen'),
  'public-menu': named(() => import('./screens/public-menu-screen'), 'PublicMenuScreen'),
  'qr-menu': named(() => import('./screens/qr-menu-screen'), 'QrMenuScreen'),
};

/** A visitor without userData is sent to login with the full wanted path in `to`. */
function RequireAuth() {
  const user = useUserData();
  const location = useLocation();
  useInactivityLogout();
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
function RequirePermission({ permission, children }: { permission?: string; children: ReactNode }) {
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
      <Suspense
        fallback={
          <Center h="60vh">
            <Loader />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
    </>
  );
}

function routeObject(route: AppRoute): RouteObject {
  const Screen = SCREENS[route.name] ?? (route.layout === 'public' ? PublicUpcomingScreen : UpcomingScreen);
  let element: ReactNode = <Screen />;
  if (route.layout !== 'public') element = <RequirePermission permission={route.permission}>{element}</RequirePermission>;
  if (route.name === 'login') element = <PublicOnly>{element}</PublicOnly>;
  return { path: route.path, id: route.name, handle: { route }, element };
}

const byLayout = (layout: RouteLayout) => APP_ROUTES.filter((r) => r.layout === layout).map(routeObject);

const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      ...byLayout('public'),
      {
        element: <RequireAuth />,
        children: [
          { element: <BlankLayout />, children: byLayout('blank') },
          { element: <ContentLayout />, children: byLayout('content') },
          { element: <SettingLayout />, children: byLayout('setting') },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
