import { grantablePermissionsResponseSchema, roleInputSchema, roleListQuerySchema, roleSchema } from '@posauto/shared/schemas/accounts';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { Deps } from '../../deps';
import { ctxOf } from '../../http/access';
import type { AppInstance } from '../../http/app-instance';
import { registerCrudRoutes } from '../../http/crud';
import { rolesService } from './roles.service';

export function roleRoutes(app: AppInstance, deps: Deps): void {
  const service = rolesService(deps);
  registerCrudRoutes(app, {
    path: '/api/v1/roles',
    tag: 'roles',
    permissions: { read: 'role-list', create: 'role-create', update: 'role-edit', delete: 'role-delete' },
    // Reading stays open to branch users with role-list: the branch-user form picks a role from the list.
    shopLevel: ['create', 'update', 'delete'],
    schemas: { item: roleSchema, input: roleInputSchema, query: roleListQuerySchema },
    service,
    exportSheet: {
      fileKey: 'roles_export.file',
      columns: (t) => [
        { header: t('roles_export.name'), value: (r) => r.name, width: 28 },
        { header: t('roles_export.permissions'), value: (r) => r.permissions.map((p) => t(`permissions.${p}`)).join(', '), width: 80 },
        { header: t('roles_export.users_count'), value: (r) => r.users_count, width: 12 },
        { header: t('common.created_at'), value: (r) => r.created_at.slice(0, 10), width: 14 },
      ],
    },
  });

  // The role form's matrix: only what the caller could grant, grouped as the menu is grouped.
  app.get('/api/v1/permissions', {
    config: { access: { anyOf: ['role-list', 'role-create', 'role-edit'], shopLevel: true } },
    schema: {
      tags: ['roles'],
      operationId: 'listGrantablePermissions',
      summary: 'The permissions the caller may grant, by group',
      response: { 200: grantablePermissionsResponseSchema, 401: errorSchema, 403: errorSchema },
    },
    handler: (req) => service.grantable(ctxOf(req)),
  });
}
