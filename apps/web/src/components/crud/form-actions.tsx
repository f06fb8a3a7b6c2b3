import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Cancel (when the form sits in a dialog) and Save at the foot of an entity form. */
export function FormActions({ saving, onCancel, mt = 'sm' }: { saving: boolean; onCancel?: () => void; mt?: string | number }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} data-testid="cancel">
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={saving} data-testid="save">
        {t('common.save')}
      </Button>
    </Group>
  );
}
