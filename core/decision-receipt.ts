/**
 * A decision receipt: a compact JWS (ES256, signed with the keys `/.well-known/audit-jwks.json` publishes) whose payload
 * is a recorded evaluation's canonical content. Whoever holds it (the decision's subject, an auditor) verifies it
 * offline: the signature against the published key, then, with the inputs they gave, that `inputs_sha256` is the
 * SHA-256 of their canonical JSON (keys sorted at every depth, no whitespace: core/canonical-json.ts).
 * `scripts/verify-decision-receipt.mjs` does both.
 */
export interface DecisionReceipt {
  instance_id: string;
  tenant_id: string;
  model_id: string;
  version: string;
  format: 'jdm' | 'dmn' | 'builtin';
  inputs_sha256: string;
  outputs: Record<string, unknown>;
  hits: Array<{ node_id: string; rules?: string[]; branches?: string[] }>;
  correlation_id: string | null;
  /** RFC 3339 UTC with milliseconds. */
  evaluated_at: string;
}

/** The JWS `typ`: a receipt is never mistaken for an audit digest or an access token signed by the same keys. */
export const DECISION_RECEIPT_JWS_TYPE = 'dms-decision-receipt+json';
