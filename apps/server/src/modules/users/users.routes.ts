import type { Permission } from '@posauto/shared/permissions';
import {
  adminResetPasswordBodySchema,
  branchOptionsResponseSchema,
  branchUserCreateSchema,
  staffUserSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
  type StaffUser,
} from '@posauto/shared/schemas/accounts';
import { errorSchema, idParamsSchema, okSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { managedBy, registerCrudRoutes, rowMustExist, statusAndCreated } from '../../http/crud';
import type { ExportColumn } from '../../http/export';
import { pickLanguage, translate } from '../../lib/i18n';
import { branchOptions, usersService, type UserListKind } from './users.service';

/** A user the caller may not manage; the 400, 401, 403 and 404 every such route can give are added by http/openapi.ts. */
const errors = { 422: errorSchema };

function exportColumns(t: (key: string) => string): ExportColumn<StaffUser>[] {
  return [
    { header: t('users_export.first_name'), value: (u) => u.first_name },
    { header: t('users_export.last_name'), value: (u) => u.last_name },
    { header: t('users_export.email'), value: (u) => u.email, width: 32 },
    { header: t('users_export.phone'), value: (u) => u.phone, width: 18 },
    { header: t('users_export.gender'), value: (u) => (u.gender ? t(`users_export.gender_${u.gender}`) : null), width: 12 },
    { header: t('users_export.role'), value: (u) => u.role_name },
    { header: t('users_export.branch'), value: (u) => u.branch_name },
    ...statusAndCreated(t),
  ];
}

/** /users (every member of staff) and /branch-users (staff bound to one branch): one service, two configurations. */
function registerStaffRoutes(
  app: AppInstance,
  deps: Deps,
  cfg: {
    path: string;
    kind: UserListKind;
    fileKey: string;
    permissions: { read: Permission; create: Permission; update: Permission; delete: Permission };
  },
): void {
  const service = usersService(deps, cfg.kind);
  registerCrudRoutes(app, {
    path: cfg.path,
    tag: 'users',
    permissions: cfg.permissions,
    // Staff across the shop are the shop's; a branch user manages only its branch's users on /branch-users.
    shopLevel: cfg.kind === 'all' || undefined,
    schemas: {
      item: staffUserSchema,
      input: cfg.kind === 'branch' ? branchUserCreateSchema : userCreateSchema,
      updateInput: userUpdateSchema,
      query: userListQuerySchema,
    },
    service,
    exportSheet: { fileKey: cfg.fileKey, columns: (t) => exportColumns(t) },
  });

  app.post(`${cfg.path}/:id/reset-password`, {
    config: { access: { permission: cfg.permissions.update, ...(cfg.kind === 'all' ? { shopLevel: true as const } : {}) } },
    preValidation: rowMustExist((ctx, id) => service.get(ctx, id)),
    schema: {
      tags: ['users'],
      operationId: cfg.kind === 'branch' ? 'resetBranchUserPassword' : 'resetUserPassword',
      summary: "Set a user's password and end their sessions",
      params: idParamsSchema,
      body: adminResetPasswordBodySchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (req) => {
      await service.resetPassword(ctxOf(req), req.params.id, req.body.password);
      return { message: translate(pickLanguage(req.headers['accept-language']), 'messages.user_password_reset') };
    },
  });
}

export function userRoutes(app: AppInstance, deps: Deps): void {
  registerStaffRoutes(app, deps, {
    path: '/api/v1/users',
    kind: 'all',
    fileKey: 'users_export.file',
    permissions: { read: 'user-management', create: 'create-user', update: 'edit-user', delete: 'delete-user' },
  });
  registerStaffRoutes(app, deps, {
    path: '/api/v1/branch-users',
    kind: 'branch',
    fileKey: 'branch_users_export.file',
    permissions: managedBy('branch-user-management'),
  });

  // The user and role forms' branch select: every signed-in user may know the branches they can pick.
  app.get('/api/v1/branches/options', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['users'],
      operationId: 'listBranchOptions',
      summary: "The caller's shop branches (a branch user: their own)",
      response: { 200: branchOptionsResponseSchema, 401: errorSchema },
    },
    handler: (req) => branchOptions(deps, ctxOf(req)),
  });
}
