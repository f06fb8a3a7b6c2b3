export { variationRoutes } from './variations.routes';
export { listVariationsWithValues, variationsService, VARIATION_COUNTER } from './variations.service';
