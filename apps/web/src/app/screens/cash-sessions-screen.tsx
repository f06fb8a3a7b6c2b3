import { CashSessionList } from '../../features/cash-sessions';
import { hasPermission, useUserData } from '../../lib/auth-store';

/** /open-cash-listing: a manager (sale-management) sees and may close every session of its scope, a cashier its own. */
export function CashSessionsScreen() {
  return <CashSessionList canManage={hasPermission(useUserData(), 'sale-management')} />;
}
