import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS, type RoomBoardRoom } from '@posauto/shared/schemas/rooms';
import { uuid } from '../../../lib/uuid';
import { useRoomCommand } from '../api/rooms-api';
import { heldKey, releaseKey, type HeldKey } from '../lib/send-once';
import { BOOKED_CHOICES, startBody, type BookedChoice } from '../lib/start-form';

const GUEST_TAPS = [1, 2, 3, 4, 6, 8, 10];

/** A free room: how many guests and, if they pay for a time up front, how long; then its timer starts. */
export function StartDialog({ room, onClose }: { room: RoomBoardRoom | null; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useRoomCommand();
  const [guests, setGuests] = useState<number | string>(2);
  const [booked, setBooked] = useState<BookedChoice>('0');
  const [typed, setTyped] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per start: the same on every try of this very start until the server answers it.
  const key = useRef<HeldKey | null>(null);
  useEffect(() => {
    if (!room) return;
    setGuests(2);
    setBooked('0');
    setTyped('');
    setNote('');
    setProblem(null);
    key.current = null;
    command.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room?.id]);

  const submit = () => {
    if (!room || command.isPending) return;
    const body = startBody(guests, booked, typed, note);
    if ('error' in body) return setProblem(t(body.error));
    setProblem(null);
    key.current = heldKey(key.current, JSON.stringify([room.id, body]), uuid);
    command.mutate(
      { kind: 'start', roomId: room.id, body, key: key.current.key },
      {
        onSuccess: () => {
          key.current = null;
          onClose();
        },
        onError: (e) => {
          key.current = releaseKey(key.current, e);
        },
      },
    );
  };

  return (
    <Modal
      opened={room !== null}
      onClose={() => !command.isPending && onClose()}
      title={t('rooms_ui.start.title', { name: room?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('rooms_ui.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {room?.type_name}
          </Text>
          <NumberInput
            label={t('rooms_ui.start.guests')}
            value={guests}
            onChange={setGuests}
            min={1}
            max={ROOM_LIMITS.guests}
            allowDecimal={false}
            size="lg"
            data-autofocus
          />
          <Group gap="xs" role="group" aria-label={t('rooms_ui.start.guests')}>
            {GUEST_TAPS.map((n) => (
              <Button key={n} variant={Number(guests) === n ? 'filled' : 'default'} h={48} miw={48} onClick={() => setGuests(n)}>
                {n}
              </Button>
            ))}
          </Group>
          <Stack gap={4}>
            <Text component="span" size="sm" fw={500} id="room-start-booked">
              {t('rooms_ui.start.booked')}
            </Text>
            <SegmentedControl
              aria-labelledby="room-start-booked"
              value={booked}
              onChange={(v) => setBooked(v as BookedChoice)}
              size="md"
              fullWidth
              data={BOOKED_CHOICES.map((v) => ({
                value: v,
                label:
                  v === '0'
                    ? t('rooms_ui.start.open_ended')
                    : v === 'other'
                      ? t('rooms_ui.start.other')
                      : t('rooms_ui.start.hours', { n: Number(v) / 60 }),
              }))}
            />
            <Text size="xs" c="dimmed">
              {t('rooms_ui.start.booked_hint')}
            </Text>
          </Stack>
          {booked === 'other' && (
            <NumberInput
              label={t('rooms_ui.start.minutes')}
              value={typed}
              onChange={setTyped}
              min={1}
              max={ROOM_LIMITS.bookedMinutes}
              allowDecimal={false}
              size="lg"
              required
            />
          )}
          <TextInput label={t('rooms_ui.start.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} />
          {(problem || command.error) && (
            <Alert color="red" role="alert">
              {problem ?? command.error?.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" h={48} onClick={onClose} disabled={command.isPending}>
              {t('rooms_ui.cancel')}
            </Button>
            <Button type="submit" h={48} loading={command.isPending}>
              {t('rooms_ui.actions.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
