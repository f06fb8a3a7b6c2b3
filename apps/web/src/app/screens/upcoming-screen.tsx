import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconCashRegister,
  IconChartBar,
  IconFileInvoice,
  IconLayoutGrid,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader, useCurrentRoute } from '../../components/page-header';
import { areaOf, type Area } from '../route-areas';

const ICONS: Record<Area, Icon> = {
  products: IconPackage,
  purchases: IconShoppingCart,
  invoices: IconFileInvoice,
  sales: IconReceipt,
  stock: IconBuildingWarehouse,
  customers: IconUsersGroup,
  expenses: IconWallet,
  reports: IconChartBar,
  users: IconUsers,
  account: IconUser,
  settings: IconSettings,
  pos: IconCashRegister,
  signup: IconUser,
  blank: IconLayoutGrid,
};

/** A screen whose content arrives with a later module: its real title and breadcrumb, and what will appear here. */
export function UpcomingScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const area = areaOf(route?.name ?? 'blank');
  const Icon = ICONS[area];
  return (
    <>
      <PageHeader />
      <Paper withBorder p="xl" data-testid="empty-state">
        <Stack align="center" gap="sm" py="xl" maw={520} mx="auto" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light">
            <Icon size={38} stroke={1.4} />
          </ThemeIcon>
          <Title order={4}>{t(`upcoming.${area}.title`)}</Title>
          <Text c="dimmed">{t(`upcoming.${area}.text`)}</Text>
        </Stack>
      </Paper>
    </>
  );
}
