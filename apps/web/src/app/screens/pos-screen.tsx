import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowsExchange, IconCashRegister, IconLock, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
// The session hook from its own file: the feature's index would bring its list and forms into the till's first load.
import { useCurrentCashSession } from '../../features/cash-sessions/api/cash-sessions';
import { PosTill, TillStatus, useOutbox, type PrintReceipt } from '../../features/pos';
import { loadModuleTranslations } from '../../lib/i18n';
import classes from '../shell/shell.module.css';
// Menus and tooltips load when first used (light-menus, light-tooltip): Menu, Tooltip and floating-ui are about
// 26 KB gzip the till's first screen does not need (issue #12: 170 KB for /sale-pos).
import { LightLanguageMenu, LightThemeMenu, LightUserMenu } from '../shell/light-menus';
import { LightTooltip } from '../../components/light-tooltip';
import { Logo } from '../shell/logo';
import { parseDecimal } from '@posauto/shared/money/index';
import { preloadServices } from '../app-services';

// The cash-session dialogs and the receipt printer load when first used: the till's first load stays light. The
// dialogs' forms check with shared schemas whose messages live in other modules' tables (validation.money_invalid in
// products): those come with them.
const withTables = <T,>(load: Promise<T>) => Promise.all([load, loadModuleTranslations()]).then(([m]) => m);
const OpenSessionDialog = lazy(() =>
  withTables(import('../../features/cash-sessions/components/open-session-dialog')).then((m) => ({ default: m.OpenSessionDialog })),
);
const CashMovementDialog = lazy(() =>
  withTables(import('../../features/cash-sessions/components/cash-movement-dialog')).then((m) => ({ default: m.CashMovementDialog })),
);
const CloseSessionDialog = lazy(() =>
  withTables(import('../../features/cash-sessions/components/close-session-dialog')).then((m) => ({ default: m.CloseSessionDialog })),
);

type SessionDialog = 'open' | 'movement' | 'close' | null;

/** Focuses an element once, when it appears (a stable ref: not again on each render). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** The open session's expected cash, in minor units (cents, whole riel), for the till's payment dialog: exact text in. */
const drawerOf = (s: { expected_usd: string; expected_khr: string }) => ({
  USD: parseDecimal(s.expected_usd || '0', 2, 'half-up'),
  KHR: parseDecimal(s.expected_khr || '0', 0, 'half-up'),
});

/**
 * The till, full window (blank layout): a slim top bar (back, logo, cash in/out, close session, language, theme,
 * user) over the selling screen. Selling needs the cashier's open cash session; without one the till asks to open it.
 */
export function PosScreen() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const qc = useQueryClient();
  const current = useCurrentCashSession();
  const session = current.session;
  const [dialog, setDialog] = useState<SessionDialog>(null);
  // The till's waiting sales, read once here for the badge and the close-session warning.
  const outbox = useOutbox();
  // With the till's own code: the receipt, the drawer's dialogs, the notifications and modals hosts.
  const preloadRest = useCallback(() => {
    void withTables(import('../../features/receipts'));
    void import('../../features/cash-sessions/components/open-session-dialog');
    void import('../../features/cash-sessions/components/cash-movement-dialog');
    void import('../../features/cash-sessions/components/close-session-dialog');
    preloadServices();
  }, []);
  const printReceipt = useCallback<PrintReceipt>(
    (saleId, options) => {
      void withTables(import('../../features/receipts')).then((m) => m.printSale(qc, saleId, options));
    },
    [qc],
  );

  return (
    <Stack gap={0} h="100dvh" data-testid="pos-screen">
      <Group
        component="header"
        justify="space-between"
        px="sm"
        h={56}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}
      >
        <Group gap="xs" wrap="nowrap">
          <LightTooltip label={t('pos.back')}>
            <ActionIcon component={Link} to="/" variant="subtle" size={44} aria-label={t('pos.back')}>
              <IconArrowLeft size={20} className={classes.flip} />
            </ActionIcon>
          </LightTooltip>
          <Logo compact={!wide} />
        </Group>
        <Group gap={6} wrap="nowrap">
          {session && (
            <>
              <TillStatus wide={wide} outbox={outbox} />
              <LightTooltip label={t('pos.cash_movement')} disabled={wide}>
                <Button
                  variant="default"
                  h={44}
                  px={wide ? 'sm' : 10}
                  onClick={() => setDialog('movement')}
                  aria-label={wide ? undefined : t('pos.cash_movement')}
                  data-testid="pos-cash-movement"
                >
                  <IconArrowsExchange size={18} />
                  {wide && (
                    <Text span ms={6}>
                      {t('pos.cash_movement')}
                    </Text>
                  )}
                </Button>
              </LightTooltip>
              <LightTooltip label={t('pos.close_session')} disabled={wide}>
                <Button
                  variant="default"
                  h={44}
                  px={wide ? 'sm' : 10}
                  onClick={() => setDialog('close')}
                  aria-label={wide ? undefined : t('pos.close_session')}
                  data-testid="pos-close-session"
                >
                  <IconLock size={18} />
                  {wide && (
                    <Text span ms={6}>
                      {t('pos.close_session')}
                    </Text>
                  )}
                </Button>
              </LightTooltip>
            </>
          )}
          <LightLanguageMenu />
          <LightThemeMenu />
          <LightUserMenu />
        </Group>
      </Group>

      {current.isLoading ? (
        <Center style={{ flex: 1 }}>
          <Loader />
        </Center>
      ) : session ? (
        <PosTill
          branchId={session.branch_id ?? null}
          sessionId={session.id}
          printReceipt={printReceipt}
          drawer={drawerOf(session)}
          onSold={() => void current.refetch()}
          preloadRest={preloadRest}
        />
      ) : current.data === undefined && (current.isError || current.isPaused) ? (
        // Never asked successfully (the till opened or reloaded offline): not "open the drawer", which would be untrue.
        <NoConnection retry={current.refetch} />
      ) : (
        <Center style={{ flex: 1 }} p="md">
          <Paper withBorder p="xl" maw={480} data-testid="pos-no-session">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={72} radius="xl" variant="light">
                <IconCashRegister size={40} stroke={1.4} />
              </ThemeIcon>
              <Title order={2}>{t('pos.no_session_title')}</Title>
              <Text c="dimmed">{t('pos.no_session_text')}</Text>
              {/* The one thing to do here: it has the focus, so Enter opens the session. */}
              <Button size="lg" h={52} onClick={() => setDialog('open')} ref={focusOnMount} data-testid="pos-open-session">
                {t('pos.open_session')}
              </Button>
            </Stack>
          </Paper>
        </Center>
      )}

      <Suspense fallback={null}>
        {dialog === 'open' && <OpenSessionDialog opened onClose={() => setDialog(null)} />}
        {dialog === 'movement' && session && <CashMovementDialog opened session={session} onClose={() => setDialog(null)} />}
        {dialog === 'close' && session && (
          <CloseSessionDialog opened session={session} waitingSales={outbox.waiting} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Stack>
  );
}

/** How often a till that could not reach the server asks again, besides when the browser says it is back online. */
const RETRY_MS = 10_000;

/**
 * The till could not ask for the cashier's session (opened or reloaded offline). It asks again by itself: when the
 * browser says the network is back, and every few seconds (a page loaded offline never saw the network go, so the
 * query library's own "back online" never comes; a server that was down sends no event at all).
 */
function NoConnection({ retry }: { retry: () => Promise<unknown> }) {
  const { t } = useTranslation();
  useEffect(() => {
    const again = () => void retry();
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [retry]);
  return (
    <Center style={{ flex: 1 }} p="md">
      <Paper withBorder p="xl" maw={480} data-testid="pos-no-connection" role="alert">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius="xl" variant="light" color="orange">
            <IconWifiOff size={40} stroke={1.4} />
          </ThemeIcon>
          <Title order={2}>{t('pos.no_connection_title')}</Title>
          <Text c="dimmed">{t('pos.no_connection_text')}</Text>
          <Button size="lg" h={52} variant="default" onClick={() => void retry()} data-testid="pos-session-retry">
            {t('pos.try_again')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
