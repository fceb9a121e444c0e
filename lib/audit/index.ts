export { recordAudit, type AuditInput, type AuditOutcome } from './record-audit';
export { listAuditEvents, type AuditPage } from './list-audit';
