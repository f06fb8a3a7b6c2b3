import { Badge, Group, List, Radio, SimpleGrid, Stack, Text, ThemeIcon, type RadioGroupProps } from '@mantine/core';
import { IconBuildingSkyscraper, IconBuildingStore, IconCheck, IconQrcode, IconX, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PACKAGES, type ShopPackage } from '@posauto/shared/schemas/accounts';
import classes from './package-cards.module.css';

const ICONS: Record<ShopPackage, Icon> = { startup: IconQrcode, standard: IconBuildingStore, premium: IconBuildingSkyscraper };

/** What each package includes, as the sign-up explains it (the server enforces the same rules). */
const FEATURES: Record<ShopPackage, Array<{ key: string; included: boolean }>> = {
  startup: [
    { key: 'menu', included: true },
    { key: 'qr', included: true },
    { key: 'pos', included: false },
    { key: 'stock', included: false },
    { key: 'reports', included: false },
    { key: 'one_shop', included: true },
  ],
  standard: [
    { key: 'menu', included: true },
    { key: 'pos', included: true },
    { key: 'stock', included: true },
    { key: 'reports', included: true },
    { key: 'staff', included: true },
    { key: 'one_shop', included: true },
  ],
  premium: [
    { key: 'everything', included: true },
    { key: 'many_shops', included: true },
    { key: 'branch_users', included: true },
    { key: 'transfers', included: true },
    { key: 'reports_by_branch', included: true },
  ],
};

/** The three packages side by side as selectable cards (a radio group). */
export function PackageCards(props: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Radio.Group label={t('signup.package')} withAsterisk data-testid="package-cards" {...props}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
        {PACKAGES.map((p) => {
          const Icon = ICONS[p];
          return (
            <Radio.Card key={p} value={p} radius="md" p="md" className={classes.card} data-testid={`package-${p}`}>
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <Icon size={22} />
                  </ThemeIcon>
                  <Radio.Indicator />
                </Group>
                <Group gap={6}>
                  <Text fw={700} size="lg">
                    {t(`signup.packages.${p}.name`)}
                  </Text>
                  {p === 'standard' && (
                    <Badge size="sm" variant="light" tt="none">
                      {t('signup.popular')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`signup.packages.${p}.summary`)}
                </Text>
                <List spacing={4} size="sm" center>
                  {FEATURES[p].map((f) => (
                    <List.Item
                      key={f.key}
                      icon={
                        <ThemeIcon size={18} radius="xl" color={f.included ? undefined : 'gray'} variant={f.included ? 'filled' : 'light'}>
                          {f.included ? <IconCheck size={12} /> : <IconX size={12} />}
                        </ThemeIcon>
                      }
                    >
                      <Text size="sm" c={f.included ? undefined : 'dimmed'}>
                        {t(`signup.features.${f.key}`)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
