import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS } from '@posauto/shared/schemas/rooms';
import { Ltr } from '../../../components/ltr';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveHolidays } from '../api/rooms';
import { fieldErrors } from './form-errors';
import { holidayInstant, sortHolidays, withHoliday, withoutHoliday, type Holiday } from '../lib/holidays';
import css from './room-settings.module.css';

/**
 * The shop's public holidays: on these dates every room type charges its holiday bands. The list is saved whole
 * (PUT /room-holidays) at each add or removal, so what is shown is always what the board charges with.
 */
export function HolidayPanel({ holidays }: { holidays: Holiday[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const save = useSaveHolidays();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = sortHolidays(holidays);

  const add = async () => {
    const next = withHoliday(list, date, name);
    if (typeof next === 'string') return setErrors({ date: t(next) });
    try {
      await save.mutateAsync({ holidays: next });
      notifySuccess('room_settings.holiday_added');
      setDate('');
      setName('');
      setErrors({});
    } catch (e) {
      const server = fieldErrors(e);
      // The server names the list's items (holidays.3.date): the one being added is what can be wrong.
      const about = (field: string) => Object.entries(server).find(([k]) => k === field || k.endsWith(`.${field}`))?.[1];
      setErrors({ date: about('date') ?? '', name: about('name') ?? '' });
    }
  };
  const removeDay = (day: string) =>
    save.mutate(
      { holidays: withoutHoliday(list, day) },
      { onSuccess: () => notifySuccess('room_settings.holiday_removed'), onError: notifyError },
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('room_settings.holidays_hint')}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Group align="flex-start" gap="sm" mb="md">
          <TextInput
            type="date"
            label={t('room_settings.holiday_date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date || undefined}
            required
            className={css.dateField}
          />
          <TextInput
            label={t('room_settings.holiday_name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={ROOM_LIMITS.name}
            error={errors.name || undefined}
            className={css.grow}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={save.isPending} mt={{ base: 0, xs: 25 }}>
            {t('room_settings.add_holiday')}
          </Button>
        </Group>
      </form>
      {list.length === 0 ? (
        <Text c="dimmed">{t('room_settings.no_holidays')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('room_settings.holiday_date')}</Table.Th>
                <Table.Th>{t('room_settings.holiday_name')}</Table.Th>
                <Table.Th>{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((h) => {
                const shown = formatDate(holidayInstant(h.date), lang);
                return (
                  <Table.Tr key={h.date}>
                    <Table.Td>
                      <Text span size="sm" fw={500}>
                        {shown}
                      </Text>{' '}
                      <Text span size="xs" c="dimmed">
                        <Ltr>{h.date}</Ltr>
                      </Text>
                    </Table.Td>
                    <Table.Td>{h.name || <Text c="dimmed">{t('common.none')}</Text>}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        color="red"
                        disabled={save.isPending}
                        aria-label={t('room_settings.remove_holiday', { date: shown })}
                        onClick={() => removeDay(h.date)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
