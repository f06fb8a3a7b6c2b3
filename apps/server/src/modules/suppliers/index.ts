export { supplierRoutes } from './suppliers.routes';
export { suppliersService, SUPPLIER_COUNTER } from './suppliers.service';
