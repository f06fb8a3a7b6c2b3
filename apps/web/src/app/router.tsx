import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { APP_ROUTES, type AppRoute, type RouteLayout } from '@posauto/shared/routes';
import { getUserData, hasPermission, useUserData } from '../lib/auth-store';
import { useInactivityLogout } from '../lib/inactivity';
import { loadModuleTranslations, loadTillTranslations } from '../lib/i18n';
import { AppErrorBoundary } from '../components/error-boundary';
import { loadServices, Services } from './providers';
import { LoginScreen, safeRedirect } from './screens/login-screen';

/**
 * A screen loaded when first shown, together with the modules' translation tables it needs (the login page needs only
 * the core; the till only its own modules', issue #12: 170 KB for /sale-pos).
 */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, tables = loadModuleTranslations) =>
  lazy(() => Promise.all([load(), tables()]).then(([m]) => ({ default: m[name] })));
const noTables = () => Promise.resolve();
const onTill = window.location.pathname.startsWith('/sale-pos');

// The signed-in shell (menus, search, notifications) loads after sign-in, not with the login page.
// The blank layout says nothing itself: the till (its only screen) brings its own tables.
const BlankLayout = named(() => import('./layouts/blank-layout'), 'BlankLayout', noTables);
const ContentLayout = named(() => import('./layouts/content-layout'), 'ContentLayout');
const SettingLayout = named(() => import('./layouts/setting-layout'), 'SettingLayout');
const UpcomingScreen = named(() => import('./screens/upcoming-screen'), 'UpcomingScreen');
// Pages the login page does not show load when needed (issue #10: at most 170 KB of JavaScript for /login).
const ForbiddenScreen = named(() => import('./screens/forbidden-screen'), 'ForbiddenScreen');
const NotFoundScreen = named(() => import('./screens/not-found-screen'), 'NotFoundScreen');
const PublicUpcomingScreen = named(() => import('./screens/public-upcoming-screen'), 'PublicUpcomingScreen');
// Signed in at start-up: fetch the shell and the modules' tables now, alongside the first render, not after it.
if (getUserData()) {
  void loadServices();
  // The till (blank layout) never shows the menus, nor other modules' words: its first load stays light (issue #12:
  // 170 KB for /sale-pos).
  if (!onTill) void import('./layouts/content-layout');
  void (onTill ? loadTillTranslations() : loadModuleTranslations());
}

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
  'stock-filter': named(() => import('./screens/stock-report-screens'), 'StockFilterScreen'),
  'stock-expiry': named(() => import('./screens/stock-report-screens'), 'StockExpiryScreen'),
  'stock-report': named(() => import('./screens/stock-report-screens'), 'StockReportScreen'),
  'stock-transfer-listing': named(() => import('./screens/stock-transfer-screens'), 'StockTransferListScreen'),
  'stock-transfer': named(() => import('./screens/stock-transfer-screens'), 'StockTransferCreateScreen'),
  'edit-transfer': named(() => import('./screens/stock-transfer-screens'), 'StockTransferEditScreen'),
  'stock-transfer-detail': named(() => import('./screens/stock-transfer-screens'), 'StockTransferDetailScreen'),
  'purchase-listing': named(() => import('./screens/purchase-screens'), 'PurchaseListingScreen'),
  'stock-purchase': named(() => import('./screens/purchase-screens'), 'PurchaseFormScreen'),
  'edit-purchase': named(() => import('./screens/purchase-screens'), 'PurchaseFormScreen'),
  'purchase-detail': named(() => import('./screens/purchase-screens'), 'PurchaseDetailScreen'),
  'purchase-return': named(() => import('./screens/purchase-screens'), 'PurchaseReturnsScreen'),
  'stock-return': named(() => import('./screens/purchase-screens'), 'PurchaseReturnCreateScreen'),
  'sale-listing': named(() => import('./screens/sales-screens'), 'PosSaleListingScreen'),
  'sales-listing': named(() => import('./screens/sales-screens'), 'SalesListingScreen'),
  'item-sale-listing': named(() => import('./screens/sales-screens'), 'ItemSaleListingScreen'),
  'sale-return-listing': named(() => import('./screens/sale-return-screens'), 'SaleReturnListingScreen'),
  'create-sale-return': named(() => import('./screens/sale-return-screens'), 'SaleReturnCreateScreen'),
  'create-invoice': named(() => import('./screens/sale-document-screens'), 'CreateInvoiceScreen'),
  'invoice-listing': named(() => import('./screens/sale-document-screens'), 'InvoiceListingScreen'),
  'edit-invoice': named(() => import('./screens/sale-document-screens'), 'EditInvoiceScreen'),
  'invoice-detail': named(() => import('./screens/sale-document-screens'), 'InvoiceDetailScreen'),
  'quotation-listing': named(() => import('./screens/sale-document-screens'), 'QuotationListingScreen'),
  'create-quotation': named(() => import('./screens/sale-document-screens'), 'CreateQuotationScreen'),
  'create-new-sale': named(() => import('./screens/sale-document-screens'), 'CreateNewSaleScreen'),
  'create-sales': named(() => import('./screens/sale-document-screens'), 'CreatePosSaleScreen'),
  'edit-sale': named(() => import('./screens/sale-document-screens'), 'SaleViewScreen'),
  'open-cash-listing': named(() => import('./screens/cash-sessions-screen'), 'CashSessionsScreen'),
  'coupon-listing': named(() => import('./screens/coupons-screen'), 'CouponsScreen'),
  'expend-listing': named(() => import('./screens/expense-screens'), 'ExpenseListingScreen'),
  'expend-category': named(() => import('./screens/expense-screens'), 'ExpenseCategoriesScreen'),
  'sale-reports': named(() => import('./screens/sale-report-screens'), 'SaleReportScreen'),
  'sale-summary-reports': named(() => import('./screens/sale-report-screens'), 'SaleSummaryReportScreen'),
  'brand-sale-reports': named(() => import('./screens/sale-report-screens'), 'BrandSaleReportScreen'),
  'item-sale-reports': named(() => import('./screens/sale-report-screens'), 'ItemSaleReportScreen'),
  'purchase-reports': named(() => import('./screens/purchase-report-screens'), 'PurchaseReportScreen'),
  'item-purchase-reports': named(() => import('./screens/purchase-report-screens'), 'ItemPurchaseReportScreen'),
  'expend-reports': named(() => import('./screens/purchase-report-screens'), 'ExpenseReportScreen'),
  'pos-cash-flow-report': named(() => import('./screens/purchase-report-screens'), 'PosCashFlowReportScreen'),
  'profit-loss-reports': named(() => import('./screens/profit-loss-screen'), 'ProfitLossScreen'),
  'sale-pos': named(() => import('./screens/pos-screen'), 'PosScreen', loadTillTranslations),
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
  'audit-log': named(() => import('./screens/audit-log-screen'), 'AuditLogScreen'),
  'update-profile': named(() => import('./screens/profile-screen'), 'ProfileScreen'),
  'change-password': named(() => import('./screens/profile-screen'), 'ChangePasswordScreen'),
  'public-menu': named(() => import('./screens/public-menu-screen'), 'PublicMenuScreen'),
  'qr-menu': named(() => import('./screens/qr-menu-screen'), 'QrMenuScreen'),
  // Table service (issue #24).
  tables: named(() => import('../features/tables/index'), 'TablesScreen'),
  'table-order': named(() => import('../features/tables/index'), 'TableOrderScreen'),
  kitchen: named(() => import('../features/kitchen/index'), 'KitchenScreen'),
  'floor-setting': named(() => import('../features/floor-settings/index'), 'FloorSettingScreen'),
  'kitchen-station-listing': named(() => import('../features/floor-settings/index'), 'KitchenStationScreen'),
  rooms: named(() => import('../features/rooms/index'), 'RoomBoardScreen'),
  'room-setting': named(() => import('../features/room-settings/index'), 'RoomSettingScreen'),
  'room-reports': named(() => import('../features/room-report/index'), 'RoomReportScreen'),
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
  return (
    <Services>
      <Outlet />
    </Services>
  );
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
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      {/* A screen that fails shows a message, never a white page; another screen clears it (the layouts stay mounted). */}
      <AppErrorBoundary resetKey={pathname}>
        <Suspense
          fallback={
            <Center h="60vh">
              <Loader />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppErrorBoundary>
    </>
  );
}

function routeObject(route: AppRoute): RouteObject {
  const Screen = SCREENS[route.name] ?? (route.layout === 'public' ? PublicUpcomingScreen : UpcomingScreen);
  let element: ReactNode = <Screen />;
  if (route.layout !== 'public') element = <RequirePermission permission={route.permission}>{element}</RequirePermission>;
  if (route.name === 'login') element = <PublicOnly>{element}</PublicOnly>;
  // Query, modals and notifications come with every screen but the login page, which stays light (issue #10).
  else if (route.layout === 'public') element = <Services>{element}</Services>;
  return { path: route.path, id: route.name, element };
}

const byLayout = (layout: RouteLayout) => APP_ROUTES.filter((r) => r.layout === layout).map(routeObject);

/**
 * The route tree, rendered by useRoutes in a BrowserRouter: the app loads no data through the router, and the
 * declarative router is about 17 KB gzip lighter than createBrowserRouter's data router on every first load (issue #12:
 * 170 KB for /sale-pos). The current AppRoute comes from lib/current-route.ts (matchRoutes), not useMatches.
 */
const routes: RouteObject[] = [
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
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
