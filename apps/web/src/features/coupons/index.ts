export { couponsResource } from './api/coupons';
export { CouponForm } from './components/coupon-form';
