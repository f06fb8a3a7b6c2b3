import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS, type Room, type RoomType } from '@posauto/shared/schemas/rooms';

export interface RoomDraft {
  name: string;
  type_id: string;
  sort_order: number;
}

/** Adding or editing a room: its name, its type (which decides its rates) and its place in the board's order. */
export function RoomForm(props: {
  room: Room | null;
  types: RoomType[];
  nextOrder: number;
  saving: boolean;
  onClose(): void;
  onSave(draft: RoomDraft): Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ name: string; type_id: string | null; sort_order: number | string }>({
    name: props.room?.name ?? '',
    type_id: props.room?.type_id ?? props.types[0]?.id ?? null,
    sort_order: props.room?.sort_order ?? props.nextOrder,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!draft.name.trim()) problems.name = t('validation.required');
    if (!draft.type_id) problems.type_id = t('validation.required');
    const order = typeof draft.sort_order === 'number' ? draft.sort_order : Number.parseInt(draft.sort_order, 10);
    if (!Number.isInteger(order) || order < 0 || order > 999) problems.sort_order = t('validation.invalid');
    if (Object.keys(problems).length > 0) return setErrors(problems);
    setErrors(await props.onSave({ name: draft.name.trim(), type_id: draft.type_id!, sort_order: order }));
  };
  return (
    <Modal opened onClose={props.onClose} title={t(props.room ? 'room_settings.edit_room' : 'room_settings.add_room')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('room_settings.room_name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            maxLength={ROOM_LIMITS.name}
            required
            data-autofocus
          />
          <Select
            label={t('room_settings.room_type')}
            data={props.types.map((x) => ({ value: x.id, label: x.name }))}
            value={draft.type_id}
            onChange={(v) => setDraft({ ...draft, type_id: v })}
            allowDeselect={false}
            comboboxProps={{ zIndex: 2100 }}
            error={errors.type_id}
            required
          />
          <NumberInput
            label={t('room_settings.order')}
            description={t('room_settings.order_hint')}
            value={draft.sort_order}
            onChange={(v) => setDraft({ ...draft, sort_order: v })}
            min={0}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            error={errors.sort_order}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={props.saving}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
