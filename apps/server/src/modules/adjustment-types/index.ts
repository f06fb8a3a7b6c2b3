export { adjustmentTypeRoutes } from './adjustment-types.routes';
export { adjustmentTypesService, ADJUSTMENT_TYPE_COUNTER } from './adjustment-types.service';
