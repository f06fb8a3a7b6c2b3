import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LOGO_MAX_BYTES, LOGO_TYPES, useSaveLogo } from '../api/logo';

/** The shop logo: saved on its own as soon as a file is picked (uploaded, checked and resized by the server). */
export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation();
  const save = useSaveLogo();
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(t('errors.logo_type'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('errors.logo_too_large'));
    save.mutate(file, { onSuccess: () => notifySuccess('general_setting.logo_saved'), onError: notifyError });
  };
  const remove = () => save.mutate(null, { onSuccess: () => notifySuccess('general_setting.logo_removed'), onError: notifyError });

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Avatar src={logoUrl ?? undefined} size={72} radius="md" alt={t('general_setting.logo')} data-testid="logo-preview">
        <IconPhoto size={30} />
      </Avatar>
      <Stack gap={6} style={{ flex: 1 }}>
        <Text size="sm" fw={500}>
          {t('general_setting.logo')}
        </Text>
        <Group gap="xs">
          <FileButton onChange={pick} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={save.isPending}
                data-testid="logo-upload"
              >
                {t('general_setting.logo_upload')}
              </Button>
            )}
          </FileButton>
          {logoUrl && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={remove}
              disabled={save.isPending}
              data-testid="logo-remove"
            >
              {t('general_setting.logo_remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ?? t('general_setting.logo_hint')}
        </Text>
      </Stack>
    </Group>
  );
}
