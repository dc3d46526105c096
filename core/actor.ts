/** Who performed a write; recorded on every write and in every audit record. */
export type Actor =
  | { type: 'api_key'; id: string }
  | { type: 'user'; id: string; via_client?: string }
  /** A service account: an OAuth client acting for its tenant with a client-credentials token (no user). */
  | { type: 'oauth_client'; id: string }
  | { type: 'system'; id: string };
