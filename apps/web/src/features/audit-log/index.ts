export { AuditLogList } from './components/audit-log-list';
