import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { SaleSettingForm, useSaleSettings } from '../../features/sales';

export function SaleSettingScreen() {
  const { t } = useTranslation();
  const settings = useSaleSettings();
  return (
    <>
      <PageHeader subtitle={t('sale_setting.subtitle')} />
      {settings.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {settings.isError && <Alert color="red">{(settings.error as Error).message}</Alert>}
      {settings.data && <SaleSettingForm key={settings.data.updated_at} settings={settings.data} />}
    </>
  );
}
