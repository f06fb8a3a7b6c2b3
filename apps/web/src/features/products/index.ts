export { PRODUCT_PATHS, productsResource } from './api/products';
export { PrintBarcodePage } from './components/print-barcode';
export { ProductFormPage } from './components/product-form';
export { ProductList } from './components/product-list';
export { VariantEditorPage } from './components/variant-editor';
export { ProductPicker } from './components/product-picker';
