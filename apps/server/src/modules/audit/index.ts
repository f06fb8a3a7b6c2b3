export { writeAudit, type AuditEntry } from './audit.repo';
