import { errorSchema, idParamsSchema } from '@posauto/shared/schemas/common';
import {
  KITCHEN_STREAM,
  kitchenQuerySchema,
  kitchenTicketSchema,
  kitchenTicketsSchema,
  ticketLineParamsSchema,
} from '@posauto/shared/schemas/restaurant';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { registerChannelRoutes } from '../../kernel/channels/index';
import { KITCHEN_LIVE, liveSessions } from './live';
import { kitchenService } from './kitchen.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tag = 'kitchen';

/** The kitchen display's routes: its tickets, what the cook marks on them, and its live channel. */
export function kitchenRoutes(app: AppInstance, deps: Deps): void {
  const service = kitchenService(deps);
  const cook = { permission: 'kitchen-display' } as const;

  app.get('/api/v1/kitchen/tickets', {
    config: { access: { anyOf: ['kitchen-display', 'table-service'] } },
    schema: {
      tags: [tag],
      operationId: 'listKitchenTickets',
      summary: "A branch's kitchen tickets, oldest first (open: on the display; done: bumped in the last 12 hours)",
      querystring: kitchenQuerySchema,
      response: { 200: kitchenTicketsSchema, ...errors },
    },
    handler: (req) => service.list(ctxOf(req), req.query),
  });

  const mark = (path: string, operationId: string, summary: string, act: (ctx: ReturnType<typeof ctxOf>, id: string) => Promise<unknown>) =>
    app.post(path, {
      config: { access: cook },
      schema: { tags: [tag], operationId, summary, params: idParamsSchema, response: { 200: kitchenTicketSchema, ...errors } },
      handler: (req) => act(ctxOf(req), req.params.id) as Promise<never>,
    });
  mark('/api/v1/kitchen/tickets/:id/ready', 'markKitchenTicketReady', 'Every line of a ticket ready', service.ready);
  mark('/api/v1/kitchen/tickets/:id/done', 'bumpKitchenTicket', 'A ticket done: off the display', service.done);
  mark('/api/v1/kitchen/tickets/:id/recall', 'recallKitchenTicket', 'A done ticket back on the display', service.recall);

  app.get('/api/v1/kitchen/tickets/:id', {
    config: { access: { anyOf: ['kitchen-display', 'table-service'] } },
    schema: {
      tags: [tag],
      operationId: 'getKitchenTicket',
      summary: 'One kitchen ticket with its lines',
      params: idParamsSchema,
      response: { 200: kitchenTicketSchema, ...errors },
    },
    handler: (req) => service.get(ctxOf(req), req.params.id),
  });

  app.post('/api/v1/kitchen/tickets/:id/lines/:lineId/ready', {
    config: { access: cook },
    schema: {
      tags: [tag],
      operationId: 'markKitchenLineReady',
      summary: 'One line of a ticket ready',
      params: ticketLineParamsSchema,
      response: { 200: kitchenTicketSchema, ...errors },
    },
    handler: (req) => service.lineReady(ctxOf(req), req.params.id, req.params.lineId),
  });

  registerChannelRoutes(app, deps, {
    purpose: KITCHEN_LIVE,
    ticketPath: KITCHEN_STREAM.ticket,
    streamPath: KITCHEN_STREAM.stream,
    sessions: liveSessions(deps),
    docs: {
      tag,
      ticket: {
        operationId: 'createKitchenStreamTicket',
        summary: 'A single-use ticket (valid one minute) that opens the live kitchen stream',
      },
      stream: {
        operationId: 'streamKitchen',
        summary: "Live changes to a branch's kitchen tickets (text/event-stream), opened with a ticket",
        description:
          'Events: `ready`, `change` (data: what changed, as JSON; re-read the tickets), `resync` (changes may have been missed: ' +
          're-read). Resumes from `Last-Event-ID` or `last_event_id`; `branch_id` names the branch for a shop-level user.',
      },
    },
  });
}
