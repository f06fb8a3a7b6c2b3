import { NavLink } from '@mantine/core';
import { IconCategory, IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useUserData } from '../../lib/auth-store';

export interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  permission?: string;
}

export const MAIN_NAV: NavEntry[] = [{ label: 'nav.dashboard', to: '/', icon: IconLayoutDashboard }];
export const SETTINGS_NAV: NavEntry[] = [{ label: 'nav.categories', to: '/category-listing', icon: IconCategory, permission: 'category-management' }];

export function NavLinks({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useUserData();
  const { pathname } = useLocation();
  return (
    <>
      {entries.filter((e) => hasPermission(user, e.permission)).map((e) => (
        <NavLink
          key={e.to}
          component={Link}
          to={e.to}
          label={t(e.label)}
          leftSection={<e.icon size={18} />}
          active={e.to === '/' ? pathname === '/' : pathname.startsWith(e.to)}
          onClick={onNavigate}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
    </>
  );
}
