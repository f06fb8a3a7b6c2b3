/**
 * A route's OpenAPI entry: the module's tag, the operationId and summary, then what the route takes and answers.
 * Every route wrote the same three lines in front of its schema; the tag is named once per module. The schema's own
 * types pass through unchanged, so Fastify still types the request from it.
 *
 *   const doc = routeDoc('expenses');
 *   app.get('/api/v1/expenses/:id', { config, schema: doc('getExpense', 'One expense', { params, response }), handler });
 */
export const routeDoc =
  (tag: string) =>
  <S extends object>(operationId: string, summary: string, schema: S) => ({ tags: [tag], operationId, summary, ...schema });
