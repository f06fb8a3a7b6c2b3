import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { QrMenuCard } from '../../features/qr-menu';

export function QrMenuScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader subtitle={t('qr_menu.subtitle')} />
      <QrMenuCard />
    </>
  );
}
