export { PRODUCT_PATHS, productsResource } from './api/products';
export { PrintBarcodePage } from './components/print-barcode';
export { ProductFormPage } from './components/product-form';
export { ProductList } from './components/product-list';
export { VariantEditorPage } from './components/variant-editor';
export { ProductPicker } from './components/product-picker';
export {
  brandsResource,
  unitsResource,
  useRefreshVariationsOnLeave,
  useVariationChoices,
  variationsResource,
  variationValuesResource,
} from './api/product-settings';
export { BrandForm } from './components/brand-form';
export { UnitForm } from './components/unit-form';
export { VariationForm } from './components/variation-form';
export { VariationValueForm } from './components/variation-value-form';
