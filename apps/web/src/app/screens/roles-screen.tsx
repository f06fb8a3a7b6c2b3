import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RoleEditor, RoleList } from '../../features/accounts';

export function RolesScreen() {
  return <RoleList />;
}

/** /roles-permissions/create and /roles-permissions/edit/:id. */
export function RoleEditorScreen() {
  const { id } = useParams();
  return (
    <>
      <PageHeader />
      <RoleEditor id={id} />
    </>
  );
}
