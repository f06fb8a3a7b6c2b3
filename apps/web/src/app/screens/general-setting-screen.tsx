import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { GeneralSettingForm, useGeneralSetting } from '../../features/shop-settings';

export function GeneralSettingScreen() {
  const { t } = useTranslation();
  const setting = useGeneralSetting();
  return (
    <>
      <PageHeader subtitle={t('general_setting.subtitle')} />
      {setting.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {setting.isError && <Alert color="red">{(setting.error as Error).message}</Alert>}
      {/* Keyed by the saved time so a save (or another tab's) starts the form from what the server holds. */}
      {setting.data && <GeneralSettingForm key={setting.data.updated_at ?? ''} setting={setting.data} />}
    </>
  );
}
