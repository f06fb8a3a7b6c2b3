import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type FloorTableLive } from '@posauto/shared/schemas/restaurant';
import { useOpenTable } from '../api/tables-api';

/** A free table: how many guests, then the order opens (or the table's open order, if another device was quicker). */
export function OpenTableDialog({
  table,
  onClose,
  onOpened,
}: {
  table: FloorTableLive | null;
  onClose: () => void;
  onOpened: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const open = useOpenTable();
  const [guests, setGuests] = useState<number | string>(2);
  useEffect(() => {
    if (table) {
      setGuests(Math.min(2, table.seats));
      open.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table?.id]);
  const submit = () => {
    if (!table) return;
    open.mutate({ table_id: table.id, guests: Number(guests) || 1 }, { onSuccess: (order) => onOpened(order.id) });
  };
  return (
    <Modal
      opened={table !== null}
      onClose={onClose}
      title={t('tables.open.title', { name: table?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('tables.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('tables.floor.seats', { n: table?.seats ?? 0 })}
          </Text>
          <NumberInput
            label={t('tables.open.guests')}
            value={guests}
            onChange={setGuests}
            min={1}
            max={FLOOR_LIMITS.guests}
            allowDecimal={false}
            size="lg"
            data-autofocus
          />
          <Group gap="xs">
            {[1, 2, 3, 4, 5, 6, 8].map((n) => (
              <Button key={n} variant={Number(guests) === n ? 'filled' : 'default'} h={48} miw={48} onClick={() => setGuests(n)}>
                {n}
              </Button>
            ))}
          </Group>
          {open.error && (
            <Alert color="red" role="alert">
              {open.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={48} onClick={onClose}>
              {t('tables.cancel')}
            </Button>
            <Button type="submit" h={48} loading={open.isPending}>
              {t('tables.open.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
