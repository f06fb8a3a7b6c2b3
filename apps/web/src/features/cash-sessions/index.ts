export { useCashSession, useCashSessionList, useCurrentCashSession } from './api/cash-sessions';
export { CashMovementDialog } from './components/cash-movement-dialog';
export { CashSessionList } from './components/cash-session-list';
export { CashSessionReport } from './components/cash-session-report';
export { CloseSessionDialog } from './components/close-session-dialog';
export { OpenSessionDialog } from './components/open-session-dialog';
export { printCashReport } from './lib/print-report';
