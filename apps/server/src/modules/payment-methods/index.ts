export { paymentMethodRoutes } from './payment-methods.routes';
export { paymentMethodsService, PAYMENT_METHOD_COUNTER } from './payment-methods.service';
