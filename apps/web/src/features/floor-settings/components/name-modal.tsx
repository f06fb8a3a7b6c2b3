import { useState } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS } from '@posauto/shared/schemas/restaurant';

/** A dialog that asks for one name (an area's): saving answers the field errors, if any. */
export function NameModal(props: {
  opened: boolean;
  title: string;
  label: string;
  initial: string;
  saving: boolean;
  onClose(): void;
  onSave(name: string): Promise<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (!name.trim()) return setError(t('validation.required'));
    const errors = await props.onSave(name.trim());
    setError(errors.name);
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={props.label}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={FLOOR_LIMITS.name}
          required
          data-autofocus
        />
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
