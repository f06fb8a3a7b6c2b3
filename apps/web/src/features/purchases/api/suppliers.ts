import { defineResource } from '../../../components/crud/resource';

export const suppliersResource = defineResource('suppliers', '/api/v1/suppliers');
