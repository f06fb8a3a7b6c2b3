import { lazy, Suspense, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconCloudUpload, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loadModuleTranslations } from '../../../lib/i18n';
import { useOnline } from '../../../lib/till-db';
import { offlineLimitReached, type OutboxState } from '../lib/outbox';
import { LazyPart } from './till-lazy';
import hidden from '../../../components/sr-only.module.css';

// The list of waiting sales is a dialog (Modal): it loads when first opened, with the table that speaks it (tills), so
// the till's first load stays light (issue #12: 170 KB for /sale-pos).
const WaitingSalesDialog = lazy(() =>
  Promise.all([import('./waiting-sales-dialog'), loadModuleTranslations()]).then(([m]) => ({ default: m.WaitingSalesDialog })),
);

/**
 * The till's connection and its waiting sales (issue #26), in the till's top bar: online or offline, how many sales
 * wait to be sent (counting down as they go), red when one was refused or a limit of selling offline is near. One tap
 * opens the list.
 */
export function TillStatus({ wide, outbox }: { wide: boolean; outbox: OutboxState }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const limit = offlineLimitReached(outbox);
  const alarm = outbox.refused > 0 || limit !== null;
  const color = alarm ? 'red' : online ? (outbox.waiting > 0 ? 'blue' : 'teal') : 'orange';
  const state = online ? t('pos.outbox.online') : t('pos.outbox.offline');
  const details = [
    outbox.waiting > 0 ? t('pos.outbox.waiting_count', { count: outbox.waiting }) : null,
    outbox.refused > 0 ? t('pos.outbox.refused_count', { count: outbox.refused }) : null,
  ].filter((x): x is string => x !== null);
  const Icon = outbox.waiting > 0 && online ? IconCloudUpload : online ? IconWifi : IconWifiOff;
  return (
    <>
      <Button
        variant="light"
        color={color}
        h={44}
        px={wide ? 'sm' : 10}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="pos-till-status"
        data-online={online}
        data-waiting={outbox.waiting}
      >
        <Icon size={18} aria-hidden />
        {/* Its name is what it shows, then what a screen reader needs beyond it (WCAG 2.5.3: the label in the name). */}
        <Text span ms={6} fz="sm" fw={600} className={wide ? undefined : hidden.srOnly}>
          {state}
        </Text>
        {outbox.waiting + outbox.refused > 0 && (
          // A count in a pill, white on near black in both themes (not Mantine's Badge: its code would weigh on the first load).
          <Text
            span
            ms={6}
            px={7}
            fz="xs"
            fw={700}
            c="white"
            bg="var(--mantine-color-dark-6)"
            style={{ borderRadius: 999, lineHeight: '18px' }}
            data-testid="pos-waiting-count"
          >
            {outbox.waiting + outbox.refused}
          </Text>
        )}
        <span className={hidden.srOnly}>{` ${[...details, t('pos.outbox.show')].join('. ')}`}</span>
      </Button>
      {open && (
        <LazyPart>
          <Suspense fallback={null}>
            <WaitingSalesDialog outbox={outbox} online={online} onClose={() => setOpen(false)} />
          </Suspense>
        </LazyPart>
      )}
    </>
  );
}
