import type { FieldError } from '../../core/app-error';

/**
 * The connector interface, modelled on the Airbyte protocol: `spec` (the JSON Schema of a connector's configuration,
 * plus here a separate schema of its credentials, which are stored encrypted and never returned), `check` (can it
 * connect with this configuration?), `discover` (its streams and their fields with types) and `read` (pages of one
 * stream's records, each with the state to resume from). Adding a provider is one file in this folder plus its
 * entry in `index.ts`.
 */

export type JsonSchema = Record<string, unknown>;

import type { ResolveHost } from '../../core/pinned-http-request';

export type { ResolveHost } from '../../core/pinned-http-request';

/** Where a connector may connect: the webhook SSRF rules (public addresses only, except the allow-list). */
export interface ConnectorEnvironment {
  allowedHosts: string[];
  requireHttps: boolean;
  resolveHost: ResolveHost;
  /** Deadline of one network exchange (one HTTP request, one query). */
  timeoutMs: number;
  /** How often a 429 or 5xx answer is retried before the read fails. */
  maxRetries?: number;
  /** Waits between retries; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
  /** The integration's uploaded files (the csv connector's source); the caller scopes it to one tenant and integration. */
  uploads?: UploadSource;
}

/** An uploaded file as a connector reads it: its header and where its data rows begin. */
export interface UploadedFile {
  id: string;
  columns: string[];
  delimiter: string;
  bytes: number;
  /** Byte offset of the first data row (after a BOM and the header row). */
  dataOffset: number;
  /** 1-based line number of the line at `dataOffset`. */
  dataLine: number;
}

export interface UploadSource {
  /** The upload with this id, or the latest one when no id is given; undefined when there is none. */
  find(uploadId?: string): Promise<UploadedFile | undefined>;
  /** The upload's bytes from `offset` to the end, one stored piece at a time. */
  open(uploadId: string, offset: number): AsyncIterable<Buffer>;
}

export type DestinationRules = Pick<ConnectorEnvironment, 'allowedHosts' | 'requireHttps'>;

export type FieldType =
  'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time' | 'object' | 'array' | 'null' | 'unknown';

export interface DiscoveredStream {
  name: string;
  fields: Array<{ name: string; type: FieldType }>;
  primary_key: string[];
  /** The field incremental reads follow; null when the stream can only be read in full. */
  cursor_field: string | null;
  supported_sync_modes: Array<'full' | 'incremental'>;
}

/**
 * Where a read stands. `cursor` is the incremental watermark (the cursor field's value of the last record read);
 * `position` is connector-specific paging state within one read (e.g. the primary key after the cursor, a next-page
 * token). A read given a state with a `position` continues exactly after it (resuming a crashed read); a read given
 * only a `cursor` starts *at* it, inclusively, so rows that share the last cursor value are read again rather than
 * missed (the caller de-duplicates on the primary key).
 */
export interface StreamState {
  cursor: string | null;
  position: unknown;
}

export interface ReadRequest {
  stream: string;
  state: StreamState | null;
  pageSize: number;
}

export interface RecordPage {
  records: Array<Record<string, unknown>>;
  /**
   * Source rows that could not be read as records at all (a CSV row with the wrong number of fields or broken
   * quoting): reported as rejections with their line, never failing the read.
   */
  rejected?: Array<{ line: number; raw?: string; message: string }>;
  state: StreamState;
}

export type CheckResult = { status: 'succeeded' } | { status: 'failed'; message: string };

export type Credentials = Record<string, string>;

export interface Connector<Config = Record<string, unknown>> {
  type: string;
  title: string;
  description: string;
  /** JSON Schema (2020-12) of the configuration. */
  spec: JsonSchema;
  /** JSON Schema of the credentials (write-only). */
  credentialsSpec: JsonSchema;
  /**
   * Checks beyond the spec, without connecting: what needs both configuration and credentials (the credential the
   * chosen auth type needs) and destinations that are never allowed (private or metadata addresses written as such).
   */
  validate(config: Config, credentials: Credentials, destinations: DestinationRules): FieldError[];
  /**
   * The stream names a configuration offers, without connecting (field mappings are checked against them). Optional:
   * without it, the names of `config.streams` are used (connectors whose configuration lists its streams).
   */
  streamNames?(config: Config): string[];
  check(config: Config, credentials: Credentials, env: ConnectorEnvironment): Promise<CheckResult>;
  discover(config: Config, credentials: Credentials, env: ConnectorEnvironment): Promise<DiscoveredStream[]>;
  read(
    config: Config,
    credentials: Credentials,
    env: ConnectorEnvironment,
    request: ReadRequest,
  ): AsyncGenerator<RecordPage>;
}

/** A failure of the source (unreachable, refused, malformed answer): reported on the check, discover or sync. */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly options: { retryable: boolean } = { retryable: false },
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
