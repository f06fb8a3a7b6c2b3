import { useEffect, useState } from 'react';
import { Alert, Button, Chip, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type OrderLine } from '@posauto/shared/schemas/restaurant';
import { parseQuantity } from '@posauto/shared/money/index';
import type { useOrderAction } from '../api/tables-api';

export const QUICK_NOTES = ['no_sugar', 'less_sugar', 'less_ice', 'no_ice', 'no_chilli', 'take_away'] as const;

interface Props {
  line: OrderLine | null;
  guests: number;
  action: ReturnType<typeof useOrderAction>;
  onClose: () => void;
  onVoid: (line: OrderLine) => void;
}

/** A line: its quantity, its note for the kitchen (with quick notes) and its seat; remove it before it is sent, void it after. */
export function LineDialog({ line, guests, action, onClose, onVoid }: Props) {
  const { t } = useTranslation();
  const [qty, setQty] = useState<number | string>(1);
  const [note, setNote] = useState('');
  const [seat, setSeat] = useState<string | null>(null);
  useEffect(() => {
    if (!line) return;
    setQty(Number(line.quantity));
    setNote(line.note);
    setSeat(line.seat === null ? null : String(line.seat));
    action.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [line?.id]);
  if (!line) return null;
  const sent = parseQuantity(line.sent_quantity) > 0;
  const paid = line.sale_id !== null || line.status === 'void';
  const addNote = (key: string) => {
    const word = t(`tables.quick_notes.${key}`);
    setNote((n) => (n.includes(word) ? n : n ? `${n}, ${word}` : word).slice(0, FLOOR_LIMITS.note));
  };
  const save = () =>
    action.mutate(
      { kind: 'update', lineId: line.id, body: { quantity: String(qty), note, seat: seat ? Number(seat) : null } },
      { onSuccess: onClose },
    );
  const seats = Array.from({ length: Math.min(guests, 12) }, (_, i) => String(i + 1));
  return (
    <Modal opened onClose={onClose} title={line.name} centered closeButtonProps={{ 'aria-label': t('tables.close') }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack>
          <NumberInput
            label={t('tables.line.quantity')}
            value={qty}
            onChange={setQty}
            min={0.001}
            decimalScale={3}
            size="lg"
            disabled={paid}
          />
          <TextInput
            label={t('tables.line.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={FLOOR_LIMITS.note}
            disabled={paid}
          />
          <Group gap="xs" role="group" aria-label={t('tables.line.quick_notes')}>
            {QUICK_NOTES.map((k) => (
              <Button key={k} variant="light" h={44} onClick={() => addNote(k)} disabled={paid}>
                {t(`tables.quick_notes.${k}`)}
              </Button>
            ))}
          </Group>
          <Chip.Group value={seat ?? ''} onChange={(v) => setSeat(v === seat ? null : (v as string))}>
            <Group gap="xs" role="group" aria-label={t('tables.line.seat')}>
              <Chip value="" onClick={() => setSeat(null)}>
                {t('tables.line.shared')}
              </Chip>
              {seats.map((s) => (
                <Chip key={s} value={s}>
                  {t('tables.line.seat_n', { seat: s })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {action.error && (
            <Alert color="red" role="alert">
              {action.error.message}
            </Alert>
          )}
          <Group justify="space-between">
            {!paid && !sent && (
              <Button
                color="red"
                variant="light"
                h={48}
                onClick={() => action.mutate({ kind: 'remove', lineId: line.id }, { onSuccess: onClose })}
              >
                {t('tables.line.remove')}
              </Button>
            )}
            {!paid && sent && (
              <Button color="red" variant="light" h={48} onClick={() => onVoid(line)}>
                {t('tables.actions.void')}
              </Button>
            )}
            <Group gap="xs" ms="auto">
              <Button variant="default" h={48} onClick={onClose}>
                {t('tables.cancel')}
              </Button>
              {!paid && (
                <Button type="submit" h={48} loading={action.isPending}>
                  {t('tables.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
