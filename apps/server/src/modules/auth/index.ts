export { authRoutes } from './auth.routes';
export { authenticate, SESSION_IDLE_MS } from './auth.service';
export { deleteUserSessions, deleteBusinessSessions } from './auth.repo';
export { clearAccountFailures, countInWindow } from './throttle';
