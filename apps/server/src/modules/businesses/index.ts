export {
  createBusiness,
  addUser,
  PRESET_ROLES,
  BRANCH_COUNTER,
  CUSTOMER_COUNTER,
  seedName,
  type PresetRoleKey,
  type NewBusiness,
  type CreatedBusiness,
} from './businesses.service';
export { assertBranchLimit, countBranches, PACKAGE_NAMES } from './branch-limit';
