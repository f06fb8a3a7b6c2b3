export { cashSessionRoutes } from './cash-sessions.routes';
export { CASH_SESSION_SERIES, cashSessionsService, cashText, expectedCash, lockOpenCashSession } from './cash-sessions.service';
