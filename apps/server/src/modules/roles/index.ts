export { roleRoutes } from './roles.routes';
export { rolesService, type RolesService, type RoleListQuery, type GrantablePermissions } from './roles.service';
export { userDiscountLimit } from './roles.repo';
