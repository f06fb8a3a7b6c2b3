export { auditEntryFor, auditFor, auditInsert, writeAudit, type AuditEntry } from './audit.repo';
