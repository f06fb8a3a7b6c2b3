import { StaffList } from '../../features/accounts';

export function UsersScreen() {
  return <StaffList />;
}

export function BranchUsersScreen() {
  return <StaffList branchUsers />;
}
