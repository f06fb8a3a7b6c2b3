export { productRoutes } from './products.routes';
export { createProduct, productsService, type ProductsService } from './products.service';
export { PRODUCT_COUNTER, saveProduct, type WriteDeps } from './product-write';
export { productSearchProvider } from './products.search';
export { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './product-import';
export { productsByIds } from './product-view';
