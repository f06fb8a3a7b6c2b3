import { AuditLogList } from '../../features/audit-log';

/** /audit-log (permission audit-log): the shop's audit trail; a branch user sees its own branch's. */
export function AuditLogScreen() {
  return <AuditLogList />;
}
