import { z } from 'zod';
import { idParamsSchema, okSchema } from '@posauto/shared/schemas/common';
import {
  roomBoardQuerySchema,
  roomBoardSchema,
  roomHolidaysSchema,
  roomInputSchema,
  roomSchema,
  roomStartSchema,
  roomTypeInputSchema,
  roomTypeSchema,
  roomUpdateSchema,
  stayActionSchema,
  stayExtendSchema,
  stayMoveSchema,
  staySchema,
  stayTimesSchema,
} from '@posauto/shared/schemas/rooms';
import type { Deps } from '../../deps';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { ROUTE_ERRORS, said } from '../../http/answers';
import type { RequestContext } from '../../http/context';
import { rowMustExist } from '../../http/crud';
import { keyHeader, keyOf } from '../../http/idempotency-key';
import { listStays, readBoard, readStay } from './room-board';
import { roomReportRoutes } from './room-report.routes';
import { roomSettingsService } from './room-settings.service';
import { roomStaysService } from './room-stays.service';

const MANAGE = { access: { permission: 'table-management' } } as const;
const SERVE = { access: { permission: 'table-service' } } as const;
const tags = ['rooms'];
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
const holidaysOut = z.object({ holidays: z.array(z.object({ date: z.string(), name: z.string() })) });

/** Room types, rooms and holidays. */
function roomSettingRoutes(app: AppInstance, deps: Deps): void {
  const { db } = deps;
  const settings = roomSettingsService(deps);
  const typeMustExist = rowMustExist((ctx, id) => settings.readType(db, ctx, id));
  const roomMustExist = rowMustExist((ctx, id) => settings.readRoom(db, ctx, id));
  const tx = <T>(run: (trx: typeof db) => Promise<T>) => db.transaction().execute(run);

  app.get('/api/v1/room-types', {
    config: { access: { anyOf: ['table-management', 'table-service'] } },
    schema: {
      tags,
      operationId: 'listRoomTypes',
      summary: 'Room types with their rate plans',
      response: { 200: listOf(roomTypeSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await settings.listTypes(db, ctxOf(req)) }),
  });
  app.get('/api/v1/room-types/:id', {
    config: { access: { anyOf: ['table-management', 'table-service'] } },
    schema: {
      tags,
      operationId: 'getRoomType',
      summary: 'A room type and its rate plan',
      params: idParamsSchema,
      response: { 200: roomTypeSchema, ...ROUTE_ERRORS },
    },
    handler: (req) => settings.readType(db, ctxOf(req), req.params.id),
  });
  app.post('/api/v1/room-types', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'createRoomType',
      summary: 'Add a room type and its rate plan',
      body: roomTypeInputSchema,
      response: { 201: roomTypeSchema, ...ROUTE_ERRORS },
    },
    handler: async (req, reply) => reply.status(201).send(await tx((trx) => settings.createType(trx, ctxOf(req), req.body))),
  });
  app.put('/api/v1/room-types/:id', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'updateRoomType',
      summary: 'Change a room type and its rate plan',
      params: idParamsSchema,
      body: roomTypeInputSchema,
      response: { 200: roomTypeSchema, ...ROUTE_ERRORS },
    },
    preValidation: typeMustExist,
    handler: (req) => tx((trx) => settings.updateType(trx, ctxOf(req), req.params.id, req.body)),
  });
  app.delete('/api/v1/room-types/:id', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'deleteRoomType',
      summary: 'Delete a room type no room uses',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await tx((trx) => settings.removeType(trx, ctxOf(req), req.params.id));
      return { message: said(req, 'messages.deleted') };
    },
  });

  app.get('/api/v1/rooms', {
    config: { access: { anyOf: ['table-management', 'table-service'] } },
    schema: {
      tags,
      operationId: 'listRooms',
      summary: "A branch's rooms (none named: every branch the caller sees)",
      querystring: roomBoardQuerySchema,
      response: { 200: listOf(roomSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await settings.listRooms(db, ctxOf(req), req.query.branch_id ?? null) }),
  });
  app.get('/api/v1/rooms/:id', {
    config: { access: { anyOf: ['table-management', 'table-service'] } },
    schema: { tags, operationId: 'getRoom', summary: 'A room', params: idParamsSchema, response: { 200: roomSchema, ...ROUTE_ERRORS } },
    handler: (req) => settings.readRoom(db, ctxOf(req), req.params.id),
  });
  app.post('/api/v1/rooms', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'createRoom',
      summary: 'Add a room to a branch',
      body: roomInputSchema,
      response: { 201: roomSchema, ...ROUTE_ERRORS },
    },
    handler: async (req, reply) => reply.status(201).send(await tx((trx) => settings.createRoom(trx, ctxOf(req), req.body))),
  });
  app.put('/api/v1/rooms/:id', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'updateRoom',
      summary: 'Rename a room, change its type or order',
      params: idParamsSchema,
      body: roomUpdateSchema,
      response: { 200: roomSchema, ...ROUTE_ERRORS },
    },
    preValidation: roomMustExist,
    handler: (req) => tx((trx) => settings.updateRoom(trx, ctxOf(req), req.params.id, req.body)),
  });
  app.delete('/api/v1/rooms/:id', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'deleteRoom',
      summary: 'Delete a room that has never had a stay',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await tx((trx) => settings.removeRoom(trx, ctxOf(req), req.params.id));
      return { message: said(req, 'messages.deleted') };
    },
  });

  app.get('/api/v1/room-holidays', {
    config: { access: { anyOf: ['table-management', 'table-service'] } },
    schema: {
      tags,
      operationId: 'getRoomHolidays',
      summary: "The shop's public holidays (holiday rates)",
      response: { 200: holidaysOut, ...ROUTE_ERRORS },
    },
    handler: (req) => settings.holidays(db, ctxOf(req)),
  });
  app.put('/api/v1/room-holidays', {
    config: MANAGE,
    schema: {
      tags,
      operationId: 'saveRoomHolidays',
      summary: "Replace the shop's public holidays",
      body: roomHolidaysSchema,
      response: { 200: holidaysOut, ...ROUTE_ERRORS },
    },
    handler: (req) => tx((trx) => settings.saveHolidays(trx, ctxOf(req), req.body)),
  });
}

/** The live board and a stay's changes: start, pause, resume, extend, move, stop, clean, times. */
function roomStayRoutes(app: AppInstance, deps: Deps): void {
  const { db } = deps;
  const settings = roomSettingsService(deps);
  const stays = roomStaysService(deps);
  const roomMustExist = rowMustExist((ctx, id) => settings.readRoom(db, ctx, id));
  const stayMustExist = rowMustExist((ctx, id) => readStay(db, ctx, id));
  const tx = <T>(run: (trx: typeof db) => Promise<T>) => db.transaction().execute(run);

  app.get('/api/v1/room-board', {
    config: SERVE,
    schema: {
      tags,
      operationId: 'getRoomBoard',
      summary: "A branch's live room board",
      querystring: roomBoardQuerySchema,
      response: { 200: roomBoardSchema, ...ROUTE_ERRORS },
    },
    handler: (req) => readBoard(db, ctxOf(req), deps.clock, req.query.branch_id),
  });
  app.get('/api/v1/room-stays', {
    config: SERVE,
    schema: {
      tags,
      operationId: 'listRoomStays',
      summary: "A branch's stays on the board: running, paused, or stopped and not paid yet",
      querystring: roomBoardQuerySchema,
      response: { 200: listOf(staySchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await listStays(db, ctxOf(req), req.query.branch_id) }),
  });
  app.get('/api/v1/room-stays/:id', {
    config: SERVE,
    schema: {
      tags,
      operationId: 'getRoomStay',
      summary: 'A stay: its periods, order and food so far',
      params: idParamsSchema,
      response: { 200: staySchema, ...ROUTE_ERRORS },
    },
    handler: (req) => readStay(db, ctxOf(req), req.params.id),
  });

  app.post('/api/v1/rooms/:id/start', {
    config: SERVE,
    schema: {
      tags,
      operationId: 'startRoom',
      summary: "Start a free room's time (the stay's order opens); once per Idempotency-Key",
      params: idParamsSchema,
      headers: keyHeader(false),
      body: roomStartSchema,
      response: { 200: stayActionSchema, ...ROUTE_ERRORS },
    },
    preValidation: roomMustExist,
    handler: async (req) => {
      const ctx = ctxOf(req);
      const id = await tx((trx) => stays.start(trx, ctx, req.params.id, req.body, keyOf(req, false)));
      return { stay: await readStay(db, ctx, id) };
    },
  });
  app.post('/api/v1/rooms/:id/clean', {
    config: SERVE,
    schema: {
      tags,
      operationId: 'cleanRoom',
      summary: 'Mark a cleaning room clean (free)',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await tx((trx) => stays.clean(trx, ctxOf(req), req.params.id));
      return { message: said(req, 'messages.updated') };
    },
  });

  /** A change to a stay with no body (pause, resume, stop), answered with the stay as it is after it. */
  const action = (name: 'pause' | 'resume' | 'stop', summary: string) =>
    app.post(`/api/v1/room-stays/:id/${name}`, {
      config: SERVE,
      schema: {
        tags,
        operationId: `${name}RoomStay`,
        summary,
        params: idParamsSchema,
        headers: keyHeader(false),
        response: { 200: stayActionSchema, ...ROUTE_ERRORS },
      },
      handler: async (req) => {
        const ctx = ctxOf(req);
        await tx((trx) => stays[name](trx, ctx, req.params.id, keyOf(req, false)));
        return { stay: await readStay(db, ctx, req.params.id) };
      },
    });
  action('pause', 'Pause a stay (paused time is not charged)');
  action('resume', 'Resume a paused stay');
  action('stop', "Stop a stay's time (the room goes cleaning; the bill can be paid)");

  const withBody = <B extends z.ZodType>(
    name: 'extend' | 'move' | 'times',
    body: B,
    summary: string,
    run: (trx: typeof db, ctx: RequestContext, id: string, input: z.input<B>, key: string | null) => Promise<void>,
  ) =>
    app.post(`/api/v1/room-stays/:id/${name}`, {
      config: SERVE,
      schema: {
        tags,
        operationId: `${name}RoomStay`,
        summary,
        params: idParamsSchema,
        headers: keyHeader(false),
        body,
        response: { 200: stayActionSchema, ...ROUTE_ERRORS },
      },
      preValidation: stayMustExist,
      handler: async (req) => {
        const ctx = ctxOf(req);
        const id = (req.params as { id: string }).id;
        await tx((trx) => run(trx, ctx, id, req.body as z.input<B>, keyOf(req, false)));
        return { stay: await readStay(db, ctx, id) };
      },
    });
  withBody('extend', stayExtendSchema, 'Book (prepay) more minutes: a countdown and the least time charged', (trx, ctx, id, b, key) =>
    stays.extend(trx, ctx, id, b, key),
  );
  withBody('move', stayMoveSchema, 'Move a stay to a free room of the branch (any type)', (trx, ctx, id, b, key) =>
    stays.move(trx, ctx, id, b, key),
  );
  withBody('times', stayTimesSchema, "Correct a period's recorded times (a reason; an approval without table-void)", (trx, ctx, id, b) =>
    stays.times(trx, ctx, id, b),
  );
}

/** Karaoke rooms: their settings, the live board, a stay's changes (see room-stays.service.ts for the rules), the report. */
export function roomRoutes(app: AppInstance, deps: Deps): void {
  roomSettingRoutes(app, deps);
  roomStayRoutes(app, deps);
  roomReportRoutes(app, deps);
}
