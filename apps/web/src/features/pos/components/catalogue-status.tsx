import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** The till before its catalogue: a loader while it comes, else why it did not come and a button to ask again. */
export function CatalogueStatus({ loading, error, onRetry }: { loading: boolean; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Center style={{ flex: 1 }}>
        <Loader />
      </Center>
    );
  }
  return (
    <Center style={{ flex: 1 }} p="md">
      <Alert color="red" title={t('pos.catalogue_error')} role="alert">
        <Stack gap="xs">
          <Text size="sm">{error instanceof ApiError ? error.message : t('errors.internal')}</Text>
          <Button onClick={onRetry} variant="light" h={44}>
            {t('pos.try_again')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
