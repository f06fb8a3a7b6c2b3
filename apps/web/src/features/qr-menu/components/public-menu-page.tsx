import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CloseButton, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty, IconSearch, IconToolsKitchen2, IconZoomQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@posauto/shared/i18n/index';
import { MENU_MAX_PRODUCTS, type PublicMenu } from '@posauto/shared/schemas/public-menu';
import { ApiError } from '../../../lib/api-client';
import { usePublicMenu } from '../api/public-menu';
import { menuRate } from '../menu-money';
import { menuSections } from '../menu-sections';
import { useSectionSpy } from '../use-section-spy';
import { CategoryChips } from './category-chips';
import { MenuHeader } from './menu-header';
import { MenuMessage } from './menu-message';
import { MenuProductCard } from './menu-product-card';
import classes from './public-menu.module.css';

const SECTION = 'menu-section-';

function MenuSkeleton() {
  return (
    <Stack gap="sm" py="md" aria-busy="true">
      <Skeleton h={32} w="40%" radius="xl" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={112} radius="md" />
      ))}
    </Stack>
  );
}

function MenuBody({ menu }: { menu: PublicMenu }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [term, setTerm] = useState('');
  const sections = useMemo(() => menuSections(menu, term), [menu, term]);
  const [active, pin] = useSectionSpy(
    sections.map((s) => s.id),
    SECTION,
  );
  const nameOf = (s: (typeof sections)[number]) => s.name ?? t('public_menu.others');
  const empty = menu.categories.length === 0 && menu.others.length === 0;

  const pick = (id: string) => {
    pin(id);
    document.getElementById(SECTION + id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      {!empty && (
        <div className={classes.column}>
          <TextInput
            type="search"
            radius="xl"
            size="md"
            mb="xs"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            placeholder={t('public_menu.search_placeholder')}
            aria-label={t('public_menu.search_placeholder')}
            leftSection={<IconSearch size={18} />}
            rightSection={term ? <CloseButton aria-label={t('public_menu.clear_search')} onClick={() => setTerm('')} /> : null}
            data-testid="menu-search"
          />
        </div>
      )}
      {sections.length > 0 && <CategoryChips items={sections.map((s) => ({ id: s.id, label: nameOf(s) }))} active={active} onPick={pick} />}
      <main className={classes.column}>
        {menu.truncated && (
          <Alert color="yellow" variant="light" mt="md" icon={<IconAlertTriangle size={18} />}>
            {t('public_menu.truncated', { count: MENU_MAX_PRODUCTS })}
          </Alert>
        )}
        {empty && (
          <MenuMessage
            testId="menu-empty"
            icon={<IconToolsKitchen2 size={38} />}
            title={t('public_menu.empty_title')}
            text={t('public_menu.empty_text')}
          />
        )}
        {!empty && sections.length === 0 && (
          <MenuMessage
            testId="menu-no-results"
            icon={<IconMoodEmpty size={38} />}
            title={t('public_menu.no_results_title')}
            text={t('public_menu.no_results_text', { term: term.trim() })}
            action={
              <Button variant="light" onClick={() => setTerm('')}>
                {t('public_menu.clear_search')}
              </Button>
            }
          />
        )}
        {sections.map((s) => (
          <Box
            component="section"
            key={s.id}
            id={SECTION + s.id}
            className={classes.section}
            pt="lg"
            aria-labelledby={`${SECTION}${s.id}-title`}
            data-testid="menu-section"
          >
            {s.parentName && (
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                <bdi>{s.parentName}</bdi>
              </Text>
            )}
            <Title order={2} fz={20} mb="sm" id={`${SECTION}${s.id}-title`}>
              <bdi>{nameOf(s)}</bdi>
            </Title>
            <div className={classes.grid}>
              {s.products.map((p) => (
                <MenuProductCard key={p.id} product={p} lang={lang} />
              ))}
            </div>
          </Box>
        ))}
        <Stack gap={4} align="center" py="xl" mt="md">
          {menu.currency !== 'KHR' && (
            <Text size="sm" c="dimmed" data-testid="menu-rate">
              {t('public_menu.rate', menuRate(menu.exchange_rate, lang))}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('public_menu.powered_by')}
          </Text>
        </Stack>
      </main>
    </>
  );
}

/** The public menu of one shop, for a phone held in one hand: no sign-in, one request, any of five languages. */
export function PublicMenuPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const query = usePublicMenu(slug);
  const menu = query.data;

  useEffect(() => {
    const previous = document.title;
    document.title = menu ? `${menu.shop_name} · ${t('public_menu.title')}` : t('public_menu.title');
    return () => {
      document.title = previous;
    };
  }, [menu, t]);

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className={classes.page} data-testid="public-menu">
      <div className={classes.column}>
        <MenuHeader shopName={menu?.shop_name} logoUrl={menu?.logo_url} />
      </div>
      {menu && <MenuBody menu={menu} />}
      {!menu && (
        <div className={classes.column}>
          {query.isPending && <MenuSkeleton />}
          {notFound && (
            <MenuMessage
              testId="menu-not-found"
              icon={<IconZoomQuestion size={38} />}
              title={t('public_menu.not_found_title')}
              text={t('public_menu.not_found_text')}
            />
          )}
          {query.isError && !notFound && (
            <MenuMessage
              testId="menu-error"
              icon={<IconAlertTriangle size={38} />}
              title={t('public_menu.error_title')}
              text={t('public_menu.error_text')}
              action={
                <Button onClick={() => void query.refetch()} loading={query.isFetching}>
                  {t('public_menu.retry')}
                </Button>
              }
            />
          )}
        </div>
      )}
    </div>
  );
}
