import { PageHeader } from '../../components/page-header';
import { ChangePasswordForm, ProfileForm } from '../../features/accounts';

export function ProfileScreen() {
  return (
    <>
      <PageHeader />
      <ProfileForm />
    </>
  );
}

export function ChangePasswordScreen() {
  return (
    <>
      <PageHeader />
      <ChangePasswordForm />
    </>
  );
}
