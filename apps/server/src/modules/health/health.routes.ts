import { sql } from 'kysely';
import { healthDegradedSchema, healthResponseSchema } from '@posauto/shared/schemas/auth';
import type { AppInstance } from '../../http/app-instance';
import { healthOf, type HealthProblem } from '../../db/dialect/health';
import { pickLanguage, translate } from '../../lib/i18n';
import type { Deps } from '../../deps';

export function healthRoutes(app: AppInstance, deps: Deps): void {
  const health = healthOf(deps.db);
  // A database opened otherwise than by openDatabase (none in the app) is asked through its own pool.
  const check = (): Promise<HealthProblem | null> =>
    health?.check() ??
    sql`select 1`.execute(deps.db).then(
      () => null,
      () => 'unreachable',
    );

  app.get('/api/v1/health', {
    config: { access: { public: true } },
    schema: {
      tags: ['system'],
      operationId: 'getHealth',
      summary: 'Answers ok, within a second, while the database answers and can be written',
      description:
        'Never waits for the connection pool. 503 "degraded" when the database does not answer in time, is read-only, ' +
        'or its disk is full (remembered from the last failed write until a write succeeds).',
      response: { 200: healthResponseSchema, 503: healthDegradedSchema },
    },
    handler: async (request, reply) => {
      const problem = await check();
      if (!problem) return { status: 'ok' as const };
      const message = translate(
        pickLanguage(request.headers['accept-language']),
        problem === 'disk_full' ? 'errors.disk_full' : 'errors.database_unavailable',
      );
      return reply.status(503).send({ status: 'degraded' as const, reason: problem, message });
    },
  });
}
