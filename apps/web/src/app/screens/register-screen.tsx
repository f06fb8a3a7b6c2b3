import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPackageKey } from '@posauto/shared/packages';
import { useCurrentRoute } from '../../components/page-header';
import { loadRegistration, RegisterForm, ShopInfoForm, SignupHeader } from '../../features/accounts';
import { PublicPage } from '../layouts/public-page';

/** /register is step 1; /registration is step 3 once the email is verified in this tab, else step 1 again. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const [params] = useSearchParams();
  const session = route?.name === 'registration' ? loadRegistration() : null;
  const pkg = params.get('package');
  return (
    <PublicPage width={session ? 720 : 960}>
      {session ? (
        <>
          <SignupHeader active={2} compact title={t('signup.shop_title')} subtitle={t('signup.shop_subtitle')} />
          <ShopInfoForm session={session} />
        </>
      ) : (
        <>
          <SignupHeader active={0} title={t('signup.title')} subtitle={t('signup.subtitle')} />
          <RegisterForm initialPackage={isPackageKey(pkg) ? pkg : null} />
        </>
      )}
    </PublicPage>
  );
}
