export { auditFor, writeAudit, type AuditEntry } from './audit.repo';
