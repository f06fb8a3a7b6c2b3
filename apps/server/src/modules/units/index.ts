export { unitRoutes } from './units.routes';
export { unitsService, UNIT_COUNTER } from './units.service';
