import {
  IconArmchair,
  IconBook,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCashRegister,
  IconCategory,
  IconChartBar,
  IconChefHat,
  IconFile,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';

/** The icon names used by packages/shared/src/menu.ts and by global-search results. */
const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  package: IconPackage,
  'building-warehouse': IconBuildingWarehouse,
  receipt: IconReceipt,
  'report-money': IconReportMoney,
  'cash-register': IconCashRegister,
  'users-group': IconUsersGroup,
  wallet: IconWallet,
  'chart-bar': IconChartBar,
  'user-shield': IconUserShield,
  users: IconUsers,
  'building-store': IconBuildingStore,
  settings: IconSettings,
  home: IconHome,
  file: IconFile,
  history: IconHistory,
  book: IconBook,
  category: IconCategory,
  armchair: IconArmchair,
  'chef-hat': IconChefHat,
};

export function menuIcon(name: string | undefined): Icon {
  return (name && ICONS[name]) || IconFile;
}
