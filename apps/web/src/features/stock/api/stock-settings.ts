import { defineResource } from '../../../components/crud/resource';

/** The setting lists of the stock: where it is kept and the reasons it is adjusted. */
export const warehousesResource = defineResource('warehouses', '/api/v1/warehouses');
export const adjustmentTypesResource = defineResource('adjustment-types', '/api/v1/adjustment-types');
