export { variationValueRoutes } from './variation-values.routes';
export { variationValuesService, VARIATION_VALUE_COUNTER } from './variation-values.service';
