import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Alert, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RoomBoardRoom } from '@posauto/shared/schemas/rooms';
import { isCurrencyCode } from '@posauto/shared/money/index';
import { isLanguage } from '@posauto/shared/i18n/index';
import { useUserData } from '../../../lib/auth-store';
import { usePosCatalogue } from '../../../components/selling/api/catalogue-api';
import { rateOf } from '../../../components/selling/lib/money-text';
import { useBranchChoices, useRoomBoard } from '../api/rooms-api';
import { useRoomsLive } from '../lib/use-board-live';
import { BoardRooms } from './board-rooms';
import type { MoneyLook } from './room-card';
import { StartDialog } from './start-dialog';
import css from './rooms.module.css';

/** The branch a shop-level user looks at, kept for the tab's life. */
const BRANCH_KEY = 'rooms-branch';

/**
 * /rooms: the live board of a karaoke branch (a shop-level user picks the branch). Rooms by type, each with its state,
 * guests, timer and amount so far; a free room starts, one in use opens its order, pauses, resumes or stops, a
 * cleaning one is marked clean. Every device of the branch sees the same board (the floor's live channel).
 */
export function RoomBoardScreen() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'km';
  const user = useUserData();
  const shopLevel = !user?.data.branch_id;
  const branches = useBranchChoices(shopLevel);
  const [chosen, setChosen] = useState<string | null>(() => (shopLevel ? sessionStorage.getItem(BRANCH_KEY) : null));
  // A branch kept from another visit that this user no longer sees: the server's default branch instead.
  const branchId = chosen && branches.data && !branches.data.some((b) => b.id === chosen) ? null : chosen;
  const read = useRoomBoard(branchId);
  const catalogue = usePosCatalogue(branchId);
  useRoomsLive();
  const [starting, setStarting] = useState<RoomBoardRoom | null>(null);
  const onStart = useCallback((room: RoomBoardRoom) => setStarting(room), []);
  const board = read.data?.board;
  const rateText = catalogue.data?.settings.exchange_rate;
  const currencyText = board?.currency;
  const timeZone = board?.time_zone ?? 'UTC';
  const look = useMemo<MoneyLook>(
    () => ({
      currency: currencyText && isCurrencyCode(currencyText) ? currencyText : 'USD',
      lang,
      rate: rateOf(rateText),
      timeZone,
    }),
    [currencyText, lang, rateText, timeZone],
  );
  const branchName = branches.data?.find((b) => b.id === board?.branch_id)?.name;
  const choices = branches.data ?? [];

  return (
    <Stack gap="sm" p="sm" mih="100dvh" data-testid="rooms-screen">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon component={Link} to="/" variant="subtle" size={44} aria-label={t('rooms_ui.back')}>
            <IconArrowLeft size={20} className={css.flip} />
          </ActionIcon>
          <Title order={1} fz="h3">
            {t('rooms_ui.title')}
            {branchName ? ` · ${branchName}` : ''}
          </Title>
        </Group>
        {shopLevel && choices.length > 1 && (
          <Select
            aria-label={t('rooms_ui.branch')}
            placeholder={t('rooms_ui.branch')}
            data={choices.map((b) => ({ value: b.id, label: b.name }))}
            value={branchId ?? board?.branch_id ?? null}
            onChange={(v) => {
              setChosen(v);
              if (v) sessionStorage.setItem(BRANCH_KEY, v);
            }}
            allowDeselect={false}
            size="md"
            w={220}
          />
        )}
      </Group>
      {read.isPending && <Loader aria-label={t('rooms_ui.loading')} />}
      {read.error && (
        <Alert color="red" role="alert">
          {read.error.message}
        </Alert>
      )}
      {board && board.rooms.length === 0 && <Text c="dimmed">{t('rooms_ui.empty')}</Text>}
      {board && read.data && board.rooms.length > 0 && <BoardRooms board={board} offset={read.data.offset} look={look} onStart={onStart} />}
      <StartDialog room={starting} onClose={() => setStarting(null)} />
    </Stack>
  );
}
