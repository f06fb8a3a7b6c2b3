export {
  adjustmentTypesResource,
  serviceChargesResource,
  useRefreshVariationsOnLeave,
  useVariationChoices,
  variationsResource,
  variationValuesResource,
} from './api/resources';
export { AdjustmentTypeForm } from './components/adjustment-type-form';
export { ServiceChargeForm } from './components/service-charge-form';
export { VariationForm } from './components/variation-form';
export { VariationValueForm } from './components/variation-value-form';
