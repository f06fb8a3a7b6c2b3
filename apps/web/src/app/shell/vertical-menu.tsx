import { useId, useState } from 'react';
import { Box, NavLink, Popover, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@posauto/shared/menu';
import { menuIcon } from './icons';
import { isActive } from './use-menu';
import classes from './shell.module.css';

interface Props {
  items: MenuItem[];
  onNavigate?: () => void;
}

/** The full-width vertical menu: groups open and close on click; the group holding the current page starts open. */
export function VerticalMenu({ items, onNavigate }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(() => items.find((i) => i.children && isActive(i, pathname))?.name ?? null);
  const idPrefix = useId();
  return (
    <Stack gap={2} component="nav" aria-label={t('nav.main')} data-testid="main-menu">
      {items.map((item) => {
        if (item.heading) {
          return (
            <Text key={item.name} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4} className={classes.heading}>
              {t(`menu.${item.name}`)}
            </Text>
          );
        }
        const Icon = menuIcon(item.icon);
        if (item.children) {
          // A group is a button (Tab reaches it; Enter and Space toggle it) that tells whether its entries are shown.
          const panelId = `${idPrefix}-${item.name}`;
          return (
            <NavLink
              key={item.name}
              component="button"
              type="button"
              aria-expanded={open === item.name}
              aria-controls={panelId}
              attributes={{ collapse: { id: panelId } }}
              label={t(`menu.${item.name}`)}
              leftSection={<Icon size={20} stroke={1.6} />}
              opened={open === item.name}
              onChange={(o) => setOpen(o ? item.name : null)}
              active={isActive(item, pathname)}
              variant="subtle"
              className={classes.link}
              data-menu={item.name}
            >
              {item.children.map((child) => (
                <NavLink
                  key={child.name}
                  component={Link}
                  to={child.to!}
                  label={t(`menu.${child.name}`)}
                  active={isActive(child, pathname)}
                  onClick={onNavigate}
                  className={classes.link}
                  data-menu={child.name}
                />
              ))}
            </NavLink>
          );
        }
        return (
          <NavLink
            key={item.name}
            component={Link}
            to={item.to!}
            label={t(`menu.${item.name}`)}
            leftSection={<Icon size={20} stroke={1.6} />}
            active={isActive(item, pathname)}
            onClick={onNavigate}
            variant="light"
            className={classes.link}
            data-menu={item.name}
          />
        );
      })}
    </Stack>
  );
}

/** The collapsed rail: icons only; a group's entries open in a flyout on click. */
export function RailMenu({ items }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap={6} align="center" component="nav" aria-label={t('nav.main')} data-testid="main-menu">
      {items
        .filter((i) => !i.heading)
        .map((item) => {
          const Icon = menuIcon(item.icon);
          const active = isActive(item, pathname);
          const common = {
            className: classes.railButton,
            'data-active': active || undefined,
            'aria-label': t(`menu.${item.name}`),
            'data-menu': item.name,
          };
          const button = item.children ? (
            <UnstyledButton {...common} onClick={() => setOpen(open === item.name ? null : item.name)}>
              <Icon size={22} stroke={1.6} />
            </UnstyledButton>
          ) : (
            <UnstyledButton {...common} component={Link} to={item.to!}>
              <Icon size={22} stroke={1.6} />
            </UnstyledButton>
          );
          if (!item.children)
            return (
              <Tooltip key={item.name} label={t(`menu.${item.name}`)} position="right" withArrow>
                {button}
              </Tooltip>
            );
          return (
            <Popover
              key={item.name}
              opened={open === item.name}
              onChange={(o) => setOpen(o ? item.name : null)}
              position="right-start"
              withArrow
              shadow="md"
              zIndex={2000}
            >
              <Popover.Target>{button}</Popover.Target>
              <Popover.Dropdown p={6}>
                <Text size="xs" fw={700} c="dimmed" px="xs" pb={4}>
                  {t(`menu.${item.name}`)}
                </Text>
                <Box w={220}>
                  {item.children.map((child) => (
                    <NavLink
                      key={child.name}
                      component={Link}
                      to={child.to!}
                      label={t(`menu.${child.name}`)}
                      active={isActive(child, pathname)}
                      onClick={() => setOpen(null)}
                      rightSection={<IconChevronRight size={14} className={classes.flip} />}
                    />
                  ))}
                </Box>
              </Popover.Dropdown>
            </Popover>
          );
        })}
    </Stack>
  );
}
