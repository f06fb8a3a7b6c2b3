import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HORIZONTAL_EXTRA, type MenuItem } from '@posauto/shared/menu';
import { menuIcon } from './icons';
import { isActive } from './use-menu';

/** Spec: nested menus open on click, close on outside click, Escape or a click in the content; 300/250 ms delays. */
const OPEN_DELAY = 300;
const CLOSE_DELAY = 250;

function TopEntry({ item, pathname }: { item: MenuItem; pathname: string }) {
  const { t } = useTranslation();
  const Icon = menuIcon(item.icon);
  const active = isActive(item, pathname);
  const variant = active ? 'light' : 'subtle';
  if (item.href) {
    return (
      <Button
        component="a"
        href={item.href}
        target={item.target}
        rel="noopener noreferrer"
        variant="subtle"
        color="gray"
        size="sm"
        leftSection={<Icon size={18} />}
        rightSection={<IconExternalLink size={14} />}
      >
        {t(`menu.${item.name}`)}
      </Button>
    );
  }
  if (!item.children) {
    return (
      <Button
        component={Link}
        to={item.to!}
        variant={variant}
        color={active ? undefined : 'gray'}
        size="sm"
        leftSection={<Icon size={18} />}
        data-menu={item.name}
      >
        {t(`menu.${item.name}`)}
      </Button>
    );
  }
  return (
    <Menu
      trigger="click"
      openDelay={OPEN_DELAY}
      closeDelay={CLOSE_DELAY}
      closeOnEscape
      closeOnClickOutside
      closeOnItemClick
      withinPortal
      shadow="md"
      position="bottom-start"
      zIndex={2000}
    >
      <Menu.Target>
        <Button
          variant={variant}
          color={active ? undefined : 'gray'}
          size="sm"
          leftSection={<Icon size={18} />}
          rightSection={<IconChevronDown size={14} />}
          data-menu={item.name}
        >
          {t(`menu.${item.name}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item.children.map((child) => (
          <Menu.Item
            key={child.name}
            component={Link}
            to={child.to!}
            data-active={isActive(child, pathname) || undefined}
            data-menu={child.name}
          >
            {t(`menu.${child.name}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function HorizontalMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The top variant starts with Home (in place of Dashboard), and ends with Blank Page and Documentation.
  const [home, ...extra] = HORIZONTAL_EXTRA;
  const entries = [home!, ...items.filter((i) => !i.heading && i.name !== 'dashboard'), ...extra];
  return (
    <Group gap={4} wrap="wrap" component="nav" aria-label={t('nav.main')} data-testid="main-menu">
      {entries.map((item) => (
        <TopEntry key={item.name} item={item} pathname={pathname} />
      ))}
    </Group>
  );
}
