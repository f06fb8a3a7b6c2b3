import { z } from 'zod';
import { idParamsSchema, okSchema } from '@posauto/shared/schemas/common';
import {
  floorAreaInputSchema,
  floorAreaSchema,
  floorAreaUpdateSchema,
  floorPositionsSchema,
  floorQuerySchema,
  floorTableInputSchema,
  floorTableSchema,
  kitchenStationInputSchema,
  kitchenStationSchema,
  kitchenStationUpdateSchema,
} from '@posauto/shared/schemas/restaurant';
import type { AppInstance } from '../../http/app-instance';
import { ctxOf } from '../../http/access';
import { ROUTE_ERRORS, said } from '../../http/answers';
import { rowMustExist } from '../../http/crud';
import type { Deps } from '../../deps';
import { floorService } from './floor.service';
import { kitchenStationsService } from './kitchen-stations.service';

const MANAGE = { permission: 'table-management' } as const;
const READ_FLOOR = { anyOf: ['table-management', 'table-service'] } as const;
const READ_STATIONS = { anyOf: ['table-management', 'table-service', 'kitchen-display'] } as const;
const floorTags = ['floor'];
const kitchenTags = ['kitchen'];

const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** The floor's set-up: areas, tables and where they stand (the live floor itself is the orders module's). */
function floorSetupRoutes(app: AppInstance, deps: Deps): void {
  const floor = floorService(deps);
  // Another shop's row (or another branch's, for a branch user) is not found, whatever the body says.
  const areaMustExist = rowMustExist((ctx, id) => floor.getArea(ctx, id));
  const tableMustExist = rowMustExist((ctx, id) => floor.getTable(ctx, id));

  app.get('/api/v1/floor/areas', {
    config: { access: READ_FLOOR },
    schema: {
      tags: floorTags,
      operationId: 'listFloorAreas',
      summary: "A branch's floor areas in their order (a branch user's own branch; else the one named, or the first)",
      querystring: floorQuerySchema,
      response: { 200: listOf(floorAreaSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await floor.listAreas(ctxOf(req), req.query.branch_id) }),
  });

  app.post('/api/v1/floor/areas', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'createFloorArea',
      summary: 'Add an area to a branch (a name unique in the branch)',
      body: floorAreaInputSchema,
      response: { 201: floorAreaSchema, ...ROUTE_ERRORS },
    },
    handler: async (req, reply) => reply.status(201).send(await floor.createArea(ctxOf(req), req.body)),
  });

  app.get('/api/v1/floor/areas/:id', {
    config: { access: READ_FLOOR },
    schema: {
      tags: floorTags,
      operationId: 'getFloorArea',
      summary: 'One floor area',
      params: idParamsSchema,
      response: { 200: floorAreaSchema, ...ROUTE_ERRORS },
    },
    handler: (req) => floor.getArea(ctxOf(req), req.params.id),
  });

  app.put('/api/v1/floor/areas/:id', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'updateFloorArea',
      summary: 'Rename or reorder an area (its branch stays)',
      params: idParamsSchema,
      body: floorAreaUpdateSchema,
      response: { 200: floorAreaSchema, ...ROUTE_ERRORS },
    },
    preValidation: areaMustExist,
    handler: (req) => floor.updateArea(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/api/v1/floor/areas/:id', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'deleteFloorArea',
      summary: 'Delete an area that has no tables',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await floor.removeArea(ctxOf(req), req.params.id);
      return { message: said(req, 'messages.deleted') };
    },
  });

  app.get('/api/v1/floor/tables', {
    config: { access: READ_FLOOR },
    schema: {
      tags: floorTags,
      operationId: 'listFloorTables',
      summary: "A branch's tables by name, with where each stands on the plan",
      querystring: floorQuerySchema,
      response: { 200: listOf(floorTableSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await floor.listTables(ctxOf(req), req.query.branch_id) }),
  });

  app.post('/api/v1/floor/tables', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'createFloorTable',
      summary: "Add a table to an area (the table's branch is the area's)",
      body: floorTableInputSchema,
      response: { 201: floorTableSchema, ...ROUTE_ERRORS },
    },
    handler: async (req, reply) => reply.status(201).send(await floor.createTable(ctxOf(req), req.body)),
  });

  app.get('/api/v1/floor/tables/:id', {
    config: { access: READ_FLOOR },
    schema: {
      tags: floorTags,
      operationId: 'getFloorTable',
      summary: 'One table of the floor',
      params: idParamsSchema,
      response: { 200: floorTableSchema, ...ROUTE_ERRORS },
    },
    handler: (req) => floor.getTable(ctxOf(req), req.params.id),
  });

  app.put('/api/v1/floor/tables/:id', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'updateFloorTable',
      summary: 'Change a table: name, seats, shape, place, area (another branch only while it has no order)',
      params: idParamsSchema,
      body: floorTableInputSchema,
      response: { 200: floorTableSchema, ...ROUTE_ERRORS },
    },
    preValidation: tableMustExist,
    handler: (req) => floor.updateTable(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/api/v1/floor/tables/:id', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'deleteFloorTable',
      summary: 'Delete a table that has no order waiting to be cleared',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await floor.removeTable(ctxOf(req), req.params.id);
      return { message: said(req, 'messages.deleted') };
    },
  });

  app.put('/api/v1/floor/positions', {
    config: { access: MANAGE },
    schema: {
      tags: floorTags,
      operationId: 'saveFloorPositions',
      summary: "Move several tables of one branch on the plan at once; answers the branch's tables",
      body: floorPositionsSchema,
      response: { 200: listOf(floorTableSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await floor.savePositions(ctxOf(req), req.body) }),
  });
}

/** Kitchen stations: which categories each prepares at its branch, the default one, printing. */
function kitchenStationRoutes(app: AppInstance, deps: Deps): void {
  const stations = kitchenStationsService(deps);
  const stationMustExist = rowMustExist((ctx, id) => stations.get(ctx, id));

  app.get('/api/v1/kitchen/stations', {
    config: { access: READ_STATIONS },
    schema: {
      tags: kitchenTags,
      operationId: 'listKitchenStations',
      summary: "A branch's kitchen stations with the categories each prepares",
      querystring: floorQuerySchema,
      response: { 200: listOf(kitchenStationSchema), ...ROUTE_ERRORS },
    },
    handler: async (req) => ({ data: await stations.list(ctxOf(req), req.query.branch_id) }),
  });

  app.post('/api/v1/kitchen/stations', {
    config: { access: MANAGE },
    schema: {
      tags: kitchenTags,
      operationId: 'createKitchenStation',
      summary: "Add a kitchen station to a branch; the categories it names move to it from the branch's other stations",
      body: kitchenStationInputSchema,
      response: { 201: kitchenStationSchema, ...ROUTE_ERRORS },
    },
    handler: async (req, reply) => reply.status(201).send(await stations.create(ctxOf(req), req.body)),
  });

  app.get('/api/v1/kitchen/stations/:id', {
    config: { access: READ_STATIONS },
    schema: {
      tags: kitchenTags,
      operationId: 'getKitchenStation',
      summary: 'One kitchen station with the categories it prepares',
      params: idParamsSchema,
      response: { 200: kitchenStationSchema, ...ROUTE_ERRORS },
    },
    handler: (req) => stations.get(ctxOf(req), req.params.id),
  });

  app.put('/api/v1/kitchen/stations/:id', {
    config: { access: MANAGE },
    schema: {
      tags: kitchenTags,
      operationId: 'updateKitchenStation',
      summary: 'Change a kitchen station: name, categories, default, printing',
      params: idParamsSchema,
      body: kitchenStationUpdateSchema,
      response: { 200: kitchenStationSchema, ...ROUTE_ERRORS },
    },
    preValidation: stationMustExist,
    handler: (req) => stations.update(ctxOf(req), req.params.id, req.body),
  });

  app.delete('/api/v1/kitchen/stations/:id', {
    config: { access: MANAGE },
    schema: {
      tags: kitchenTags,
      operationId: 'deleteKitchenStation',
      summary: 'Delete a kitchen station (its categories then go to the default station)',
      params: idParamsSchema,
      response: { 200: okSchema, ...ROUTE_ERRORS },
    },
    handler: async (req) => {
      await stations.remove(ctxOf(req), req.params.id);
      return { message: said(req, 'messages.deleted') };
    },
  });
}

/** Every route of the floor's set-up: register once in app.ts MODULES. */
export function floorRoutes(app: AppInstance, deps: Deps): void {
  floorSetupRoutes(app, deps);
  kitchenStationRoutes(app, deps);
}
