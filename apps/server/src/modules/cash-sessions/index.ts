export { cashSessionRoutes } from './cash-sessions.routes';
export { CASH_SESSION_SERIES, cashSessionsService, cashText } from './cash-sessions.service';
export { assertDrawerHolds, drawerText, expectedCash, lockOpenCashSession, type CashByCurrency } from './drawer';
