/**
 * The signed digest of an audit export: a compact JWS (ES256) whose payload ties the exported files to the tenant's
 * hash chain. A customer verifies it offline with any JOSE library against the keys at /.well-known/audit-jwks.json,
 * then checks the files' SHA-256 and the chain of the exported records (core/audit-chain.ts).
 */
export interface AuditExportDigest {
  tenant_id: string;
  export_id: string;
  /** The export's filters, normalised (times as RFC 3339 UTC with milliseconds, lists sorted). */
  filters: {
    occurred_after?: string;
    occurred_before?: string;
    resource_types?: string[];
    decision_statuses?: string[];
    decision_tags?: string[];
  };
  record_count: number;
  /** Sequence numbers of the first and last exported records; null for an empty export. */
  first_sequence: number | null;
  last_sequence: number | null;
  /** The `hash` of the last exported record; null for an empty export. */
  chain_head_hash: string | null;
  /**
   * The tenant's whole audit log as it stood when the export was read: its last sequence and that record's hash
   * (0 and the genesis hash for an empty log). Every exported record lies at or below it. For a filtered export this
   * is what ties the selection to the full chain: a later full export, or `GET /audit-log/verify`, must reach this
   * same hash at this sequence, and then every record of this export must appear in it unchanged.
   */
  log_head_sequence: number;
  log_head_hash: string;
  /** Lowercase hex SHA-256 of the exact bytes of each file. */
  jsonl_sha256: string;
  csv_sha256: string;
  /** When the digest was signed. */
  created_at: string;
}

/** The JWS `typ`, so a digest is never mistaken for an access token signed by the same keys (and vice versa). */
export const AUDIT_DIGEST_JWS_TYPE = 'dms-audit-export-digest+json';

/** The CSV file's columns; `actor` and `payload` hold JSON text, so the CSV verifies exactly like the JSON Lines. */
export const AUDIT_EXPORT_CSV_COLUMNS = [
  'tenant_id',
  'sequence',
  'id',
  'occurred_at',
  'actor',
  'action',
  'resource_type',
  'resource_id',
  'payload',
  'previous_hash',
  'hash',
] as const;
