import { sql } from 'kysely';
import { healthResponseSchema } from '@posauto/shared/schemas/auth';
import { errorSchema } from '@posauto/shared/schemas/common';
import type { AppInstance } from '../../http/app-instance';
import { AppError } from '../../http/errors';
import type { Deps } from '../../deps';

export function healthRoutes(app: AppInstance, deps: Deps): void {
  app.get('/api/v1/health', {
    config: { access: { public: true } },
    schema: {
      tags: ['system'],
      operationId: 'getHealth',
      summary: 'Answers ok once the database answers',
      response: { 200: healthResponseSchema, 503: errorSchema },
    },
    handler: async () => {
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        throw new AppError(503, 'errors.internal');
      }
      return { status: 'ok' as const };
    },
  });
}
