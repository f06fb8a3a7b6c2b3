export { cashSessionRoutes } from './cash-sessions.routes';
export { CASH_SESSION_SERIES, cashSessionsService } from './cash-sessions.service';
export { cashText } from './cash-session-read';
export { assertDrawerHolds, drawerText, expectedCash, lockOpenCashSession, type CashByCurrency } from './drawer';
