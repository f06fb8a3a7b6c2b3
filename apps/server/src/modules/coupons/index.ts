export { couponRoutes } from './coupons.routes';
export { COUPON_COUNTER, couponsService, formatCouponValue } from './coupons.service';
export { releaseCoupon, usableCoupon, useCoupon, type UsableCoupon } from './coupon-rule';
