import { ForgotPasswordFlow } from '../../features/accounts';
import { PublicPage } from '../layouts/public-page';

export function ForgotPasswordScreen() {
  return (
    <PublicPage width={480}>
      <ForgotPasswordFlow />
    </PublicPage>
  );
}
