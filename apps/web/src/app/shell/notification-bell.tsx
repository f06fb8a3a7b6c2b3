import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, Indicator, Modal, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell, IconPackage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StockNotificationResponse } from '@posauto/shared/schemas/shell';
import type { GeneralSettingResponse } from '@posauto/shared/schemas/settings';
import { api } from '../../lib/api-client';
import { hasPermission, useUserData } from '../../lib/auth-store';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { useLiveStockAlerts } from './live-stock-alerts';

export function useGeneralSetting() {
  return useQuery({
    queryKey: ['general_setting'],
    queryFn: () => api.get<GeneralSettingResponse>('/api/v1/general_setting'),
    staleTime: 5 * 60_000,
  });
}

/** The stock notification bell: hidden for branch users (spec), and for users who cannot see stock. */
export function NotificationBell() {
  const user = useUserData();
  if (!user || user.data.branch_id || !hasPermission(user, 'stock-management')) return null;
  return <Bell />;
}

function Bell() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const setting = useGeneralSetting();
  const branchId = setting.data?.setting.branch_id ?? null;
  // New alerts arrive without a reload (Server-Sent Events); the minute's refetch stays as a fallback.
  useLiveStockAlerts(true);
  const list = useQuery({
    queryKey: ['stock-notifications', 'bell', branchId],
    queryFn: () => api.get<StockNotificationResponse>('/api/v1/get_stock_notification', { branch_id: branchId }),
    enabled: Boolean(branchId),
    refetchInterval: 60_000,
  });
  const markAll = useMutation({
    mutationFn: () => api.post('/api/v1/mark_all_read_stock_notification', { branch_id: branchId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stock-notifications'] }),
    onError: notifyError,
  });
  const items = list.data?.data ?? [];
  const unread = items.filter((i) => !i.isRead).length;

  return (
    <>
      <Tooltip label={t('notifications.title')}>
        <Indicator label={unread} size={16} disabled={unread === 0} offset={4} color="red">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('notifications.title')}
            data-testid="notification-bell"
          >
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('notifications.title')}
        size={600}
        zIndex={2000}
        styles={{
          content: { maxHeight: 500, display: 'flex', flexDirection: 'column' },
          body: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 },
        }}
        data-testid="notification-dialog"
      >
        <ScrollArea.Autosize mah={330} offsetScrollbars>
          {items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
              {t('notifications.empty')}
            </Text>
          ) : (
            <Stack gap="xs">
              {items.map((n) => (
                <Group
                  key={n.id}
                  wrap="nowrap"
                  gap="sm"
                  p="xs"
                  style={{ borderRadius: 8, background: n.isRead ? undefined : 'var(--mantine-primary-color-light)' }}
                  data-testid="notification-item"
                >
                  <Avatar src={n.image ?? undefined} radius="md" size={44}>
                    <IconPackage size={22} />
                  </Avatar>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {n.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.createt_at, lang)}
                    </Text>
                  </div>
                  <Badge color={Number(n.stock_level) <= 0 ? 'red' : 'orange'} variant="light">
                    {t('notifications.stock_level', { level: n.stock_level })}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={unread === 0}
            data-testid="mark-all-read"
          >
            {t('notifications.mark_all')}
          </Button>
          <Button
            onClick={() => {
              setOpened(false);
              navigate('/stock-notification');
            }}
            data-testid="see-all"
          >
            {t('notifications.see_all')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
