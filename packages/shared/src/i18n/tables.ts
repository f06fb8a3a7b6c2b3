import type { Language, TranslationTable } from './index';
import en from '../locales/en.json';
import km from '../locales/km.json';
import zh from '../locales/zh.json';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';
import accountsEn from '../locales/accounts/en.json';
import accountsKm from '../locales/accounts/km.json';
import accountsZh from '../locales/accounts/zh.json';
import accountsFr from '../locales/accounts/fr.json';
import accountsAr from '../locales/accounts/ar.json';
import accountsUiEn from '../locales/accounts-ui/en.json';
import accountsUiKm from '../locales/accounts-ui/km.json';
import accountsUiZh from '../locales/accounts-ui/zh.json';
import accountsUiFr from '../locales/accounts-ui/fr.json';
import accountsUiAr from '../locales/accounts-ui/ar.json';
import catalogueEn from '../locales/catalogue/en.json';
import catalogueKm from '../locales/catalogue/km.json';
import catalogueZh from '../locales/catalogue/zh.json';
import catalogueFr from '../locales/catalogue/fr.json';
import catalogueAr from '../locales/catalogue/ar.json';
import settingListsEn from '../locales/setting-lists/en.json';
import settingListsKm from '../locales/setting-lists/km.json';
import settingListsZh from '../locales/setting-lists/zh.json';
import settingListsFr from '../locales/setting-lists/fr.json';
import settingListsAr from '../locales/setting-lists/ar.json';
import shopSettingsEn from '../locales/shop-settings/en.json';
import shopSettingsKm from '../locales/shop-settings/km.json';
import shopSettingsZh from '../locales/shop-settings/zh.json';
import shopSettingsFr from '../locales/shop-settings/fr.json';
import shopSettingsAr from '../locales/shop-settings/ar.json';
import productsEn from '../locales/products/en.json';
import productsKm from '../locales/products/km.json';
import productsZh from '../locales/products/zh.json';
import productsFr from '../locales/products/fr.json';
import productsAr from '../locales/products/ar.json';
import qrMenuEn from '../locales/qr-menu/en.json';
import qrMenuKm from '../locales/qr-menu/km.json';
import qrMenuZh from '../locales/qr-menu/zh.json';
import qrMenuFr from '../locales/qr-menu/fr.json';
import qrMenuAr from '../locales/qr-menu/ar.json';
import stockEn from '../locales/stock/en.json';
import stockKm from '../locales/stock/km.json';
import stockZh from '../locales/stock/zh.json';
import stockFr from '../locales/stock/fr.json';
import stockAr from '../locales/stock/ar.json';
import purchasesEn from '../locales/purchases/en.json';
import purchasesKm from '../locales/purchases/km.json';
import purchasesZh from '../locales/purchases/zh.json';
import purchasesFr from '../locales/purchases/fr.json';
import purchasesAr from '../locales/purchases/ar.json';
import salesEn from '../locales/sales/en.json';
import salesKm from '../locales/sales/km.json';
import salesZh from '../locales/sales/zh.json';
import salesFr from '../locales/sales/fr.json';
import salesAr from '../locales/sales/ar.json';
import posEn from '../locales/pos/en.json';
import posKm from '../locales/pos/km.json';
import posZh from '../locales/pos/zh.json';
import posFr from '../locales/pos/fr.json';
import posAr from '../locales/pos/ar.json';
import cashEn from '../locales/cash/en.json';
import cashKm from '../locales/cash/km.json';
import cashZh from '../locales/cash/zh.json';
import cashFr from '../locales/cash/fr.json';
import cashAr from '../locales/cash/ar.json';
import posServerEn from '../locales/pos-server/en.json';
import posServerKm from '../locales/pos-server/km.json';
import posServerZh from '../locales/pos-server/zh.json';
import posServerFr from '../locales/pos-server/fr.json';
import posServerAr from '../locales/pos-server/ar.json';
import salesUiEn from '../locales/sales-ui/en.json';
import salesUiKm from '../locales/sales-ui/km.json';
import salesUiZh from '../locales/sales-ui/zh.json';
import salesUiFr from '../locales/sales-ui/fr.json';
import salesUiAr from '../locales/sales-ui/ar.json';
import saleDocsEn from '../locales/sale-docs/en.json';
import saleDocsKm from '../locales/sale-docs/km.json';
import saleDocsZh from '../locales/sale-docs/zh.json';
import saleDocsFr from '../locales/sale-docs/fr.json';
import saleDocsAr from '../locales/sale-docs/ar.json';
import dashboardKm from '../locales/dashboard/km.json';
import upcomingKm from '../locales/upcoming/km.json';
import dashboardEn from '../locales/dashboard/en.json';
import upcomingEn from '../locales/upcoming/en.json';
import dashboardZh from '../locales/dashboard/zh.json';
import upcomingZh from '../locales/upcoming/zh.json';
import dashboardFr from '../locales/dashboard/fr.json';
import upcomingFr from '../locales/upcoming/fr.json';
import dashboardAr from '../locales/dashboard/ar.json';
import upcomingAr from '../locales/upcoming/ar.json';
import profitLossEn from '../locales/profit-loss/en.json';
import profitLossKm from '../locales/profit-loss/km.json';
import profitLossZh from '../locales/profit-loss/zh.json';
import profitLossFr from '../locales/profit-loss/fr.json';
import profitLossAr from '../locales/profit-loss/ar.json';
import reportsPurchasesEn from '../locales/reports-purchases/en.json';
import reportsPurchasesKm from '../locales/reports-purchases/km.json';
import reportsPurchasesZh from '../locales/reports-purchases/zh.json';
import reportsPurchasesFr from '../locales/reports-purchases/fr.json';
import reportsPurchasesAr from '../locales/reports-purchases/ar.json';

import expensesEn from '../locales/expenses/en.json';
import expensesKm from '../locales/expenses/km.json';
import expensesZh from '../locales/expenses/zh.json';
import expensesFr from '../locales/expenses/fr.json';
import expensesAr from '../locales/expenses/ar.json';
import reportsKm from '../locales/reports/km.json';
import reportsEn from '../locales/reports/en.json';
import reportsZh from '../locales/reports/zh.json';
import reportsFr from '../locales/reports/fr.json';
import reportsAr from '../locales/reports/ar.json';
import reportsSalesKm from '../locales/reports-sales/km.json';
import reportsSalesEn from '../locales/reports-sales/en.json';
import reportsSalesZh from '../locales/reports-sales/zh.json';
import reportsSalesFr from '../locales/reports-sales/fr.json';
import reportsSalesAr from '../locales/reports-sales/ar.json';
import auditLogKm from '../locales/audit-log/km.json';
import auditLogEn from '../locales/audit-log/en.json';
import auditLogZh from '../locales/audit-log/zh.json';
import auditLogFr from '../locales/audit-log/fr.json';
import auditLogAr from '../locales/audit-log/ar.json';
import limitsEn from '../locales/limits/en.json';
import limitsKm from '../locales/limits/km.json';
import limitsZh from '../locales/limits/zh.json';
import limitsFr from '../locales/limits/fr.json';
import limitsAr from '../locales/limits/ar.json';
import posPaymentEn from '../locales/pos-payment/en.json';
import posPaymentKm from '../locales/pos-payment/km.json';
import posPaymentZh from '../locales/pos-payment/zh.json';
import posPaymentFr from '../locales/pos-payment/fr.json';
import posPaymentAr from '../locales/pos-payment/ar.json';
import serverEn from '../locales/server/en.json';
import serverKm from '../locales/server/km.json';
import serverZh from '../locales/server/zh.json';
import serverFr from '../locales/server/fr.json';
import serverAr from '../locales/server/ar.json';
import setupEn from '../locales/setup/en.json';
import setupKm from '../locales/setup/km.json';
import setupZh from '../locales/setup/zh.json';
import setupFr from '../locales/setup/fr.json';
import setupAr from '../locales/setup/ar.json';
import restaurantServerKm from '../locales/restaurant-server/km.json';
import restaurantServerEn from '../locales/restaurant-server/en.json';
import restaurantServerZh from '../locales/restaurant-server/zh.json';
import restaurantServerFr from '../locales/restaurant-server/fr.json';
import restaurantServerAr from '../locales/restaurant-server/ar.json';
import tablesUiKm from '../locales/tables-ui/km.json';
import tablesUiEn from '../locales/tables-ui/en.json';
import tablesUiZh from '../locales/tables-ui/zh.json';
import tablesUiFr from '../locales/tables-ui/fr.json';
import tablesUiAr from '../locales/tables-ui/ar.json';
import kitchenUiKm from '../locales/kitchen-ui/km.json';
import kitchenUiEn from '../locales/kitchen-ui/en.json';
import kitchenUiZh from '../locales/kitchen-ui/zh.json';
import kitchenUiFr from '../locales/kitchen-ui/fr.json';
import kitchenUiAr from '../locales/kitchen-ui/ar.json';
import tillsKm from '../locales/tills/km.json';
import tillsEn from '../locales/tills/en.json';
import tillsZh from '../locales/tills/zh.json';
import tillsFr from '../locales/tills/fr.json';
import tillsAr from '../locales/tills/ar.json';
import roomsKm from '../locales/rooms/km.json';
import roomsEn from '../locales/rooms/en.json';
import roomsZh from '../locales/rooms/zh.json';
import roomsFr from '../locales/rooms/fr.json';
import roomsAr from '../locales/rooms/ar.json';
import roomSettingsUiKm from '../locales/room-settings-ui/km.json';
import roomSettingsUiEn from '../locales/room-settings-ui/en.json';
import roomSettingsUiZh from '../locales/room-settings-ui/zh.json';
import roomSettingsUiFr from '../locales/room-settings-ui/fr.json';
import roomSettingsUiAr from '../locales/room-settings-ui/ar.json';
import roomsUiKm from '../locales/rooms-ui/km.json';
import roomsUiEn from '../locales/rooms-ui/en.json';
import roomsUiZh from '../locales/rooms-ui/zh.json';
import roomsUiFr from '../locales/rooms-ui/fr.json';
import roomsUiAr from '../locales/rooms-ui/ar.json';
import roomReportKm from '../locales/room-report/km.json';
import roomReportEn from '../locales/room-report/en.json';
import roomReportZh from '../locales/room-report/zh.json';
import roomReportFr from '../locales/room-report/fr.json';
import roomReportAr from '../locales/room-report/ar.json';
/** Later tables add keys to earlier ones (a module's own file may extend a shared namespace such as validation). */
function merge(...tables: TranslationTable[]): TranslationTable {
  const out: TranslationTable = {};
  for (const table of tables) {
    for (const [key, value] of Object.entries(table)) {
      const prev = out[key];
      out[key] = typeof value === 'object' && typeof prev === 'object' ? merge(prev, value) : value;
    }
  }
  return out;
}

/** Core tables plus one file per module and language (locales/<module>/<lang>.json). */
export const TRANSLATIONS: Record<Language, TranslationTable> = {
  km: merge(
    km,
    accountsKm,
    accountsUiKm,
    catalogueKm,
    settingListsKm,
    shopSettingsKm,
    productsKm,
    qrMenuKm,
    stockKm,
    purchasesKm,
    salesKm,
    posKm,
    cashKm,
    posServerKm,
    salesUiKm,
    saleDocsKm,
    profitLossKm,
    reportsPurchasesKm,
    expensesKm,
    reportsKm,
    reportsSalesKm,
    auditLogKm,
    dashboardKm,
    upcomingKm,
    limitsKm,
    serverKm,
    posPaymentKm,
    setupKm,
    restaurantServerKm,
    tablesUiKm,
    kitchenUiKm,
    roomsKm,
    roomSettingsUiKm,
    roomsUiKm,
    roomReportKm,
    tillsKm,
  ),
  en: merge(
    en,
    accountsEn,
    accountsUiEn,
    catalogueEn,
    settingListsEn,
    shopSettingsEn,
    productsEn,
    qrMenuEn,
    stockEn,
    purchasesEn,
    salesEn,
    posEn,
    cashEn,
    posServerEn,
    salesUiEn,
    saleDocsEn,
    profitLossEn,
    reportsPurchasesEn,
    expensesEn,
    reportsEn,
    reportsSalesEn,
    auditLogEn,
    dashboardEn,
    upcomingEn,
    limitsEn,
    serverEn,
    posPaymentEn,
    setupEn,
    restaurantServerEn,
    tablesUiEn,
    kitchenUiEn,
    roomsEn,
    roomSettingsUiEn,
    roomsUiEn,
    roomReportEn,
    tillsEn,
  ),
  zh: merge(
    zh,
    accountsZh,
    accountsUiZh,
    catalogueZh,
    settingListsZh,
    shopSettingsZh,
    productsZh,
    qrMenuZh,
    stockZh,
    purchasesZh,
    salesZh,
    posZh,
    cashZh,
    posServerZh,
    salesUiZh,
    saleDocsZh,
    profitLossZh,
    reportsPurchasesZh,
    expensesZh,
    reportsZh,
    reportsSalesZh,
    auditLogZh,
    dashboardZh,
    upcomingZh,
    limitsZh,
    serverZh,
    posPaymentZh,
    setupZh,
    restaurantServerZh,
    tablesUiZh,
    kitchenUiZh,
    roomsZh,
    roomSettingsUiZh,
    roomsUiZh,
    roomReportZh,
    tillsZh,
  ),
  fr: merge(
    fr,
    accountsFr,
    accountsUiFr,
    catalogueFr,
    settingListsFr,
    shopSettingsFr,
    productsFr,
    qrMenuFr,
    stockFr,
    purchasesFr,
    salesFr,
    posFr,
    cashFr,
    posServerFr,
    salesUiFr,
    saleDocsFr,
    profitLossFr,
    reportsPurchasesFr,
    expensesFr,
    reportsFr,
    reportsSalesFr,
    auditLogFr,
    dashboardFr,
    upcomingFr,
    limitsFr,
    serverFr,
    posPaymentFr,
    setupFr,
    restaurantServerFr,
    tablesUiFr,
    kitchenUiFr,
    roomsFr,
    roomSettingsUiFr,
    roomsUiFr,
    roomReportFr,
    tillsFr,
  ),
  ar: merge(
    ar,
    accountsAr,
    accountsUiAr,
    catalogueAr,
    settingListsAr,
    shopSettingsAr,
    productsAr,
    qrMenuAr,
    stockAr,
    purchasesAr,
    salesAr,
    posAr,
    cashAr,
    posServerAr,
    salesUiAr,
    saleDocsAr,
    profitLossAr,
    reportsPurchasesAr,
    expensesAr,
    reportsAr,
    reportsSalesAr,
    auditLogAr,
    dashboardAr,
    upcomingAr,
    limitsAr,
    serverAr,
    posPaymentAr,
    setupAr,
    restaurantServerAr,
    tablesUiAr,
    kitchenUiAr,
    roomsAr,
    roomSettingsUiAr,
    roomsUiAr,
    roomReportAr,
    tillsAr,
  ),
};
