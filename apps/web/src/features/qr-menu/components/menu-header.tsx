import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './public-menu.module.css';
import { MenuLanguagePicker } from './menu-language-picker';

/** The shop's logo and name with the language picker; the page works in any of the five languages. */
export function MenuHeader({ shopName, logoUrl }: { shopName?: string; logoUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" py="md" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {logoUrl ? (
          <img src={logoUrl} alt="" width={56} height={56} className={classes.logo} />
        ) : (
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconToolsKitchen2 size={30} />
          </ThemeIcon>
        )}
        <div style={{ minWidth: 0 }}>
          {shopName && (
            <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.25} lineClamp={2} data-testid="menu-shop-name">
              <bdi>{shopName}</bdi>
            </Title>
          )}
          <Text size="sm" c="dimmed">
            {t('public_menu.title')}
          </Text>
        </div>
      </Group>
      <MenuLanguagePicker />
    </Group>
  );
}
