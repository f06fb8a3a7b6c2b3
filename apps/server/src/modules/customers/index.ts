export { customerRoutes } from './customers.routes';
export { customersService } from './customers.service';
