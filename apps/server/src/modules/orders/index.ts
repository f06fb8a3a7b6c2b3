export { orderRoutes } from './orders.routes';
export { orderLinesService } from './order-lines';
export { orderSplitService, orderTableService } from './order-table';
export { billPaymentService, orderBillsService } from './order-bills';
export { sendOrder } from './order-send';
export { readOrder } from './order-core';
