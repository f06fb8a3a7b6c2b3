import { useSearchParams } from 'react-router';
import { SignupCompleted, SignupHeader } from '../../features/accounts';
import { PublicPage } from '../layouts/public-page';

/** Sign-up step 4: waiting for activation. */
export function CompletedScreen() {
  const [params] = useSearchParams();
  return (
    <PublicPage width={640}>
      <SignupHeader active={3} compact />
      <SignupCompleted email={params.get('email')} />
    </PublicPage>
  );
}
