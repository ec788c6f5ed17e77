/** One audit log entry as pages show it (app/admin/audit.server.ts). */
export interface AuditEntryView {
  id: number;
  actor: string;
  action: string;
  recordType: string;
  recordId: string;
  before: unknown;
  after: unknown;
  at: string;
}
