export { couponRoutes } from './coupons.routes';
