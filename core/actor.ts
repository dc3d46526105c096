/** Who performed a write; recorded on every write and in every audit record. */
export type Actor =
  | { type: 'api_key'; id: string }
  | { type: 'user'; id: string; via_client?: string }
  | { type: 'system'; id: string };
