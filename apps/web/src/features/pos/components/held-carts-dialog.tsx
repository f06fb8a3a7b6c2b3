import { useRef } from 'react';
import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@posauto/shared/i18n/index';
import { formatDateTime } from '../../../lib/format';
import { useHeldCarts } from '../api/pos-dialog-api';
import { moneyText } from '../../../components/selling/lib/money-text';
import { safeMinor } from '../lib/cart';
import { isMoney } from './dialog-parts';

export function HeldCartsDialog({
  opened,
  onClose,
  onResume,
  resuming,
  lang,
}: {
  opened: boolean;
  onClose: () => void;
  onResume: (id: string) => void;
  resuming: string | null;
  lang: Language;
}) {
  const { t } = useTranslation();
  const held = useHeldCarts(opened);
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('pos.close') }}
      opened={opened}
      onClose={onClose}
      title={t('pos.held_carts')}
      centered
      size="md"
    >
      {held.isLoading ? (
        <Loader />
      ) : !held.data?.data.length ? (
        <Text c="dimmed">{t('pos.no_held_carts')}</Text>
      ) : (
        <Stack gap={6} data-testid="pos-held-list">
          {held.data.data.map((h, i) => (
            <Button
              key={h.id}
              ref={i === 0 ? first : undefined}
              variant="default"
              h="auto"
              mih={56}
              py={8}
              justify="space-between"
              onClick={() => onResume(h.id)}
              loading={resuming === h.id}
              data-autofocus={i === 0 || undefined}
              styles={{ label: { width: '100%', justifyContent: 'space-between', gap: 12 } }}
              data-testid="pos-held-cart"
            >
              <span style={{ textAlign: 'start' }}>
                <Text span fw={600} display="block">
                  {h.label || t('pos.items', { count: h.item_count })}
                </Text>
                <Text span size="xs" c="dimmed">
                  {formatDateTime(h.created_at, lang)} · {h.user_name}
                </Text>
              </span>
              <bdi dir="ltr" style={{ fontWeight: 700 }}>
                {isMoney(h.currency) ? moneyText(safeMinor(h.total, h.currency), h.currency, lang) : h.total}
              </bdi>
            </Button>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
