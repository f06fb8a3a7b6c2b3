import { defineResource } from '../../../components/crud/resource';

export const couponsResource = defineResource('coupons', '/api/v1/coupons');
