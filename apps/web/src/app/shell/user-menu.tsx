import { Avatar, Menu, Text, useMantineTheme } from '@mantine/core';
import { IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { clearSession, useUserData } from '../../lib/auth-store';
import { notifyWarning } from '../../lib/notify';
// The records alone (a few lines), not the till's sending code.
import { loadPendingSale } from '../../features/pos/lib/pending-record';
import { waitingCount } from '../../features/pos/lib/outbox';
import { initialsOf, UserButton } from './top-bar-buttons';

export function useLogout() {
  return async () => {
    // A sale paid at the till and not yet acknowledged is sent under the cashier who made it: signing out (and letting
    // the next cashier in) waits until it has reached the server (issue #26). Refused ones wait for a manager instead.
    if (loadPendingSale() || (await waitingCount()) > 0) {
      notifyWarning('pos.logout_refused');
      return;
    }
    // Ending the server session is best effort; the browser forgets the user either way.
    await api.post('/api/v1/logout').catch(() => undefined);
    clearSession();
    // A full replace (not a client-side navigation) also drops every cached answer of the previous user.
    window.location.replace('/login');
  };
}

export function UserMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const user = useUserData();
  const theme = useMantineTheme();
  const logout = useLogout();
  if (!user) return null;
  const initials = initialsOf(user.data.name);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240} zIndex={2000} defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserButton />
      </Menu.Target>
      <Menu.Dropdown>
        {/* Only menu items live inside role="menu": the name and role head the menu as the link to the profile. */}
        <Menu.Item
          component={Link}
          to="/update-profile"
          leftSection={
            <Avatar radius="xl" color={theme.primaryColor} variant="light" aria-hidden>
              {initials}
            </Avatar>
          }
        >
          <Text size="sm" fw={600} truncate data-testid="user-name">
            {user.data.name}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="user-role">
            {user.data.role_name}
          </Text>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/update-profile" leftSection={<IconUser size={16} />}>
          {t('pages.update-profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} />}>
          {t('pages.change-password')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logout()} data-testid="logout">
          {t('common.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
