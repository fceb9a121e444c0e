export { recordAudit, type AuditInput, type AuditOutcome } from './record-audit';
export { listAuditEvents, listAuditActions, type AuditPage, type AuditQuery } from './list-audit';
