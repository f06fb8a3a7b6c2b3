export { userRoutes } from './users.routes';
export { usersService, branchOptions, type UsersService, type UserListKind, type UserListQuery } from './users.service';
export { isFullRole, keepOneOwner } from './owner-guard';
