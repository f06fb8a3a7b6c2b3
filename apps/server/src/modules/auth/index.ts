export { authRoutes } from './auth.routes';
export { authenticate, authenticateSession, SESSION_IDLE_MS } from './auth.service';
export { deleteUserSessions, deleteBusinessSessions } from './auth.repo';
export { countInWindow, forgetKey, forgetSignInFailures, sweepExpiredThrottles } from './throttle';
export { approverFor, type ApprovalRule } from './approval';
