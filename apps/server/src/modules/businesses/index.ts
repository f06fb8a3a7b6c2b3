export { createBusiness, addUser, PRESET_ROLES, type NewBusiness, type CreatedBusiness } from './businesses.service';
export { assertBranchLimit, countBranches, PACKAGE_NAMES } from './branch-limit';
