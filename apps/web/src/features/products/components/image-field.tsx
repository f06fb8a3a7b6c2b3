import { useState } from 'react';
import { Button, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, uploadImage } from '../api/upload';

export interface ImageFieldProps {
  /** Where the current image is shown from (null: none). */
  url: string | null;
  onChange: (image: { key: string; url: string } | null) => void;
  error?: string;
}

/** The product photo: dropped or picked, checked here (type, 5 MB), uploaded at once, previewed, removable. */
export function ImageField({ url, onChange, error }: ImageFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('errors.internal'));
    } finally {
      setBusy(false);
    }
  };
  const reject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    setProblem(t(tooLarge ? 'product.image_too_large' : 'product.image_invalid'));
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>{t('product.image')}</Title>
        {url ? (
          <Stack gap="xs" align="center">
            <Image
              src={url}
              alt={t('product.image')}
              radius="md"
              h={180}
              w="100%"
              fit="contain"
              bg="var(--mantine-color-default-hover)"
              data-testid="image-preview"
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
              data-testid="image-remove"
            >
              {t('product.image_remove')}
            </Button>
          </Stack>
        ) : null}
        <Dropzone
          onDrop={(files) => void upload(files[0])}
          onReject={reject}
          accept={[...IMAGE_TYPES]}
          maxSize={IMAGE_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          loading={busy}
          data-testid="image-dropzone"
        >
          <Center mih={url ? 60 : 150} style={{ pointerEvents: 'none' }}>
            <Stack align="center" gap={4}>
              <Dropzone.Accept>
                <IconUpload size={32} stroke={1.5} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={32} stroke={1.5} />
              </Dropzone.Reject>
              <Dropzone.Idle>{busy ? <Loader size="sm" /> : <IconPhoto size={32} stroke={1.5} opacity={0.6} />}</Dropzone.Idle>
              <Text size="sm" ta="center">
                {t(url ? 'product.image_replace' : 'product.image_drop')}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {t('product.image_hint')}
              </Text>
            </Stack>
          </Center>
        </Dropzone>
        {(problem ?? error) && (
          <Text size="sm" c="red" data-testid="image-error">
            {problem ?? error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
