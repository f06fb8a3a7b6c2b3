import { useState } from 'react';
import { Avatar, CloseButton, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The types and size the server accepts for a shop logo (PNG, JPEG or WebP, at most 1 MB). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A logo picked from disk, checked here and sent as a data: URL inside the JSON body. */
export function LogoInput({ value, onChange, error }: { value: string | null; onChange: (v: string | null) => void; error?: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (f: File | null) => {
    setProblem(null);
    setFile(f);
    if (!f) return onChange(null);
    if (!(LOGO_TYPES as readonly string[]).includes(f.type)) {
      setFile(null);
      onChange(null);
      return setProblem(t('validation.logo_invalid'));
    }
    if (f.size > LOGO_MAX_BYTES) {
      setFile(null);
      onChange(null);
      return setProblem(t('validation.logo_too_large'));
    }
    onChange(await readAsDataUrl(f));
  };

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Avatar src={value ?? undefined} size={64} radius="md" alt="">
        <IconPhoto size={28} />
      </Avatar>
      <Stack gap={4} style={{ flex: 1 }}>
        <FileInput
          label={t('signup.logo')}
          placeholder={t('signup.logo_placeholder')}
          accept={LOGO_TYPES.join(',')}
          value={file}
          onChange={(f) => void pick(f)}
          error={problem ?? error}
          leftSection={<IconPhoto size={16} />}
          data-testid="logo-input"
          rightSection={file ? <CloseButton size="sm" aria-label={t('common.delete')} onClick={() => void pick(null)} /> : undefined}
        />
        <Text size="xs" c="dimmed">
          {t('signup.logo_hint')}
        </Text>
      </Stack>
    </Group>
  );
}
