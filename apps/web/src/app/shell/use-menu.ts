import { useMemo } from 'react';
import { MAIN_MENU, SETTINGS_MENU, visibleMenu, type MenuItem } from '@posauto/shared/menu';
import type { Permission } from '@posauto/shared/permissions';
import { useUserData } from '../../lib/auth-store';

/** The menu tree as the signed-in user may see it. */
export function useVisibleMenu(items: readonly MenuItem[] = MAIN_MENU): MenuItem[] {
  const user = useUserData();
  return useMemo(() => {
    const perms = new Set(user?.permissions ?? []);
    return visibleMenu(items, (p: Permission) => perms.has(p));
  }, [items, user]);
}

export const useSettingsMenu = () => useVisibleMenu(SETTINGS_MENU);

export { isActive } from './menu-active';
