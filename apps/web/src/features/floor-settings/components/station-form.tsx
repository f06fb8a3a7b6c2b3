import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type KitchenStation } from '@posauto/shared/schemas/restaurant';

export interface StationDraft {
  name: string;
  category_ids: string[];
  is_default: boolean;
  print_tickets: boolean;
}

/** Adding or editing a kitchen station: its name, the categories it prepares, default and print flags. */
export function StationForm(props: {
  station: KitchenStation | null;
  categories: { value: string; label: string }[];
  saving: boolean;
  onClose(): void;
  onSave(draft: StationDraft): Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const s = props.station;
  const [draft, setDraft] = useState<StationDraft>({
    name: s?.name ?? '',
    category_ids: s?.category_ids ?? [],
    is_default: s?.is_default ?? false,
    print_tickets: s?.print_tickets ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    if (!draft.name.trim()) return setErrors({ name: t('validation.required') });
    setErrors(await props.onSave({ ...draft, name: draft.name.trim() }));
  };
  return (
    <Modal opened onClose={props.onClose} title={t(s ? 'floor_settings.edit_station' : 'floor_settings.add_station')} centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('floor_settings.station_name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            maxLength={FLOOR_LIMITS.name}
            required
            data-autofocus
          />
          <MultiSelect
            label={t('floor_settings.categories')}
            description={t('floor_settings.categories_hint')}
            data={props.categories}
            value={draft.category_ids}
            onChange={(v) => setDraft({ ...draft, category_ids: v })}
            searchable
            clearable
            error={errors.category_ids}
            nothingFoundMessage={t('common.no_match')}
          />
          <Switch
            label={t('floor_settings.is_default')}
            description={t('floor_settings.is_default_hint')}
            checked={draft.is_default}
            onChange={(e) => setDraft({ ...draft, is_default: e.currentTarget.checked })}
          />
          <Switch
            label={t('floor_settings.print_tickets')}
            description={t('floor_settings.print_tickets_hint')}
            checked={draft.print_tickets}
            onChange={(e) => setDraft({ ...draft, print_tickets: e.currentTarget.checked })}
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
