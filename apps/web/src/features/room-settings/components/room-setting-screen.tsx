import { useState } from 'react';
import { Alert, Center, Loader, Tabs } from '@mantine/core';
import { IconCalendarEvent, IconDoor, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useHolidays, useRoomTypes, useShopCurrency } from '../api/rooms';
import { HolidayPanel } from './holiday-panel';
import { RoomPanel } from './room-panel';
import { sortTypes, TypePanel } from './type-panel';

const TABS = ['types', 'rooms', 'holidays'] as const;
type Tab = (typeof TABS)[number];

function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** /room-setting: the karaoke room types and their rates, the rooms of each branch, and the public holidays. */
export function RoomSettingScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('types');
  const currency = useShopCurrency();
  const types = useRoomTypes();
  const holidays = useHolidays();
  const typeList = sortTypes(types.data ?? []);

  return (
    <>
      <PageHeader subtitle={t('room_settings.subtitle')} />
      <Tabs value={tab} onChange={(v) => setTab(TABS.find((x) => x === v) ?? 'types')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="types" leftSection={<IconListDetails size={16} />}>
            {t('room_settings.tabs.types')}
          </Tabs.Tab>
          <Tabs.Tab value="rooms" leftSection={<IconDoor size={16} />}>
            {t('room_settings.tabs.rooms')}
          </Tabs.Tab>
          <Tabs.Tab value="holidays" leftSection={<IconCalendarEvent size={16} />}>
            {t('room_settings.tabs.holidays')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="types">
          {types.error && <Alert color="red">{types.error.message}</Alert>}
          {types.isLoading && <Loading />}
          {types.data && <TypePanel types={types.data} currency={currency} />}
        </Tabs.Panel>
        <Tabs.Panel value="rooms">
          {types.error && <Alert color="red">{types.error.message}</Alert>}
          {types.isLoading && <Loading />}
          {types.data && <RoomPanel types={typeList} />}
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          {holidays.error && <Alert color="red">{holidays.error.message}</Alert>}
          {holidays.isLoading && <Loading />}
          {holidays.data && <HolidayPanel holidays={holidays.data} />}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
