import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import type { PublicMenuProduct } from '@posauto/shared/schemas/public-menu';
import { menuMoney } from '../menu-money';
import classes from './public-menu.module.css';

const range = (low: string, high: string) => (low === high ? low : `${low} – ${high}`);

/** Price in the shop's currency, then in riel (once only when the product is priced in riel). */
function Prices({ product: p, lang }: { product: PublicMenuProduct; lang: Language }) {
  const main = range(menuMoney(p.price, p.currency, lang), menuMoney(p.max_price, p.currency, lang));
  const riel = range(menuMoney(p.price_riel, 'KHR', lang), menuMoney(p.max_price_riel, 'KHR', lang));
  return (
    <Group gap={8} wrap="wrap" align="baseline">
      <Text fw={700} c="var(--mantine-primary-color-filled)" data-testid="menu-price">
        <bdi>{main}</bdi>
      </Text>
      {p.currency !== 'KHR' && (
        <Text size="sm" c="dimmed" data-testid="menu-price-riel">
          <bdi>{riel}</bdi>
        </Text>
      )}
      {p.regular_price !== null && p.variants.length === 0 && (
        <Text size="sm" c="dimmed" className={classes.strike}>
          <bdi>{menuMoney(p.regular_price, p.currency, lang)}</bdi>
        </Text>
      )}
    </Group>
  );
}

/**
 * One item of the menu: a fixed-size lazy image, the name, a short description, prices and variants. The shop's
 * own texts take their direction from their content (an English name keeps its full stop at its end on the Arabic page).
 */
export function MenuProductCard({ product: p, lang }: { product: PublicMenuProduct; lang: Language }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="menu-product">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <div className={classes.thumb}>
          {p.image_url ? (
            <img src={p.image_url} alt="" width={88} height={88} loading="lazy" decoding="async" />
          ) : (
            <IconPhoto size={28} stroke={1.3} aria-hidden />
          )}
        </div>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Text fw={600} lh={1.3} data-testid="menu-product-name">
              <bdi>{p.name}</bdi>
            </Text>
            {p.discount > 0 && p.regular_price !== null && (
              <Badge color="red" variant="light" size="sm" style={{ flex: 'none' }}>
                {t('public_menu.save', { amount: menuMoney(p.discount, p.currency, lang) })}
              </Badge>
            )}
          </Group>
          {p.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              <bdi>{p.description}</bdi>
            </Text>
          )}
          <Prices product={p} lang={lang} />
          {p.variants.length > 0 && (
            <Group gap={6} wrap="wrap" aria-label={t('public_menu.options')}>
              {p.variants.map((v) => (
                <Badge key={v.id} variant="default" radius="sm" tt="none" fw={500} size="lg" data-testid="menu-variant">
                  <bdi>{v.name}</bdi> · <bdi>{menuMoney(v.price, p.currency, lang)}</bdi>
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
