export { warehouseRoutes } from './warehouses.routes';
export { warehousesService } from './warehouses.service';
