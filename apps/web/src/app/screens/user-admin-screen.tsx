import { PageHeader } from '../../components/page-header';
import { BusinessList } from '../../features/accounts';

/** Platform administration: shops waiting for activation and every shop. */
export function UserAdminScreen() {
  return (
    <>
      <PageHeader />
      <BusinessList />
    </>
  );
}
