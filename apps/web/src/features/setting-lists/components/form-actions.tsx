import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Cancel and Save at the foot of a setting form. */
export function FormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" loading={saving} data-testid="save">{t('common.save')}</Button>
    </Group>
  );
}
