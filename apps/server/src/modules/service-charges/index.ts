export { serviceChargeRoutes } from './service-charges.routes';
export { formatChargeValue, serviceChargesService, SERVICE_CHARGE_COUNTER } from './service-charges.service';
