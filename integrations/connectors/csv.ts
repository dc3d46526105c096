import { CsvError, parse, type Info, type Parser } from 'csv-parse';
import type { FieldError } from '../../core/app-error';
import {
  ConnectorError,
  type CheckResult,
  type Connector,
  type DiscoveredStream,
  type FieldType,
  type RecordPage,
  type UploadedFile,
  type UploadSource,
} from './connector';
import { jsonFieldType } from './field-types';

/**
 * Files uploaded by the tenant (POST /integrations/{id}/uploads), for tenants whose HR system has no API. One
 * integration is one stream; each upload is a full snapshot of it. The bytes are stored in Postgres in pieces and read
 * back through `env.uploads` (the connector never touches the database itself), parsed with csv-parse as a stream.
 *
 * A row that cannot be read (the wrong number of fields, broken quoting) becomes a rejection with its line number
 * and the read goes on with the next line: csv-parse stops at a malformed row, so the reader restarts a parser at the
 * line after it. The read state is a byte offset and line number, so a retried read starts exactly after the last
 * committed row.
 */
export interface CsvStreamConfig {
  name: string;
  primary_key: string[];
}

export interface CsvConfig {
  delimiter: string;
  has_header: boolean;
  columns?: string[];
  streams: CsvStreamConfig[];
}

/** A row longer than this is refused (an unclosed quote would otherwise read the rest of the file as one field). */
export const MAX_CSV_ROW_BYTES = 1024 * 1024;
/** How much of a broken row a rejection keeps. */
const RAW_EXCERPT_BYTES = 1000;
const TYPE_SAMPLE_ROWS = 100;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const columnName = { type: 'string', minLength: 1, maxLength: 200 };

const spec = {
  type: 'object',
  additionalProperties: false,
  required: ['streams'],
  properties: {
    delimiter: {
      enum: [',', ';', '\t', '|'],
      default: ',',
      description: 'The field delimiter. Rows end with LF or CRLF; fields may be quoted with `"` (RFC 4180).',
    },
    has_header: {
      type: 'boolean',
      default: true,
      description: 'Whether the first row names the columns; when false, `columns` names them.',
    },
    columns: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
      items: columnName,
      description: 'The column names, in order, of files without a header row.',
    },
    streams: {
      type: 'array',
      minItems: 1,
      maxItems: 1,
      description: 'The one stream every upload of this integration is a snapshot of.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'primary_key'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' },
          primary_key: {
            type: 'array',
            minItems: 1,
            maxItems: 4,
            uniqueItems: true,
            items: columnName,
            description: 'Columns every upload must have.',
          },
        },
      },
    },
  },
};

const credentialsSpec = { type: 'object', additionalProperties: false, maxProperties: 0, properties: {} };

function parserOptions(delimiter: string) {
  return {
    delimiter,
    record_delimiter: ['\r\n', '\n'],
    // Field counts are checked against the header here, so a short or long row is a rejection, not a parser error.
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_CSV_ROW_BYTES,
  };
}

function countNewlines(bytes: Buffer, end = bytes.length): number {
  let count = 0;
  for (let index = bytes.indexOf(NEWLINE); index !== -1 && index < end; index = bytes.indexOf(NEWLINE, index + 1))
    count += 1;
  return count;
}

function excerpt(bytes: Buffer): string {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === NEWLINE || bytes[end - 1] === CARRIAGE_RETURN)) end -= 1;
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, Math.min(end, RAW_EXCERPT_BYTES)));
  return end > RAW_EXCERPT_BYTES ? `${text}…` : text;
}

/** Why csv-parse refused a row, in words about the file (its own messages carry line numbers that drift on CRLF files). */
function describeParseError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quoted field is followed by something other than a delimiter or the end of the line';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field (quote the whole field and double the quotes inside it)';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return `the row is longer than ${MAX_CSV_ROW_BYTES} bytes (an unclosed quote?)`;
    default:
      return error.message;
  }
}

export type CsvRow =
  | { kind: 'row'; line: number; fields: string[]; bytes: Buffer }
  | { kind: 'broken'; line: number; raw: string; message: string };
export interface CsvPosition {
  /** Byte offset where the next row begins. */
  offset: number;
  /** 1-based line number of the line at `offset`. */
  line: number;
}

/**
 * The bytes fed to a parser from the end of the last row taken, with the line number there: where each row starts
 * (its line) and ends is worked out from the bytes, as the parser reports only how many bytes it has consumed.
 */
class RowWindow {
  private bytes: Buffer = Buffer.alloc(0);
  constructor(public position: CsvPosition) {}

  append(chunk: Buffer) {
    this.bytes = this.bytes.length === 0 ? chunk : Buffer.concat([this.bytes, chunk]);
  }

  /** Takes the row that ends at `end` (blank lines before it included): its first line and its bytes. */
  take(end: number): { line: number; bytes: Buffer } {
    const length = end - this.position.offset;
    let start = 0;
    while (start < length && (this.bytes[start] === NEWLINE || this.bytes[start] === CARRIAGE_RETURN)) start += 1;
    const line = this.position.line + countNewlines(this.bytes, start);
    const rowBytes = this.bytes.subarray(start, length);
    this.position = { offset: end, line: this.position.line + countNewlines(this.bytes, length) };
    this.bytes = this.bytes.subarray(length);
    return { line, bytes: rowBytes };
  }
}

/**
 * The first line of a row the parser refused, from `from` (blank lines skipped): its line number, an excerpt, and
 * where the next line begins. Reading resumes there, so one stray quote costs one row, not the rest of the file.
 */
async function skipBrokenLine(
  source: UploadSource,
  upload: UploadedFile,
  from: CsvPosition,
): Promise<{ line: number; raw: string; next: CsvPosition }> {
  let offset = from.offset;
  let line = from.line;
  let started = false;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  for await (const chunk of source.open(upload.id, from.offset)) {
    let index = 0;
    if (!started) {
      while (index < chunk.length && (chunk[index] === NEWLINE || chunk[index] === CARRIAGE_RETURN)) {
        if (chunk[index] === NEWLINE) line += 1;
        index += 1;
      }
      offset += index;
      if (index === chunk.length) continue;
      started = true;
    }
    const newline = chunk.indexOf(NEWLINE, index);
    const end = newline === -1 ? chunk.length : newline + 1;
    if (keptBytes <= RAW_EXCERPT_BYTES) {
      kept.push(chunk.subarray(index, end));
      keptBytes += end - index;
    }
    offset += end - index;
    if (newline !== -1) return { line, raw: excerpt(Buffer.concat(kept)), next: { offset, line: line + 1 } };
  }
  return { line, raw: excerpt(Buffer.concat(kept)), next: { offset, line } };
}

function write(parser: Parser, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    parser.write(chunk, () => resolve());
  });
}

function finish(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    parser.once('end', resolve);
    parser.once('error', () => resolve());
    parser.end();
  });
}

/**
 * Every row of an upload from `from` on, each with the position after it. Rows come out of the parser in write order,
 * all of them before a parse error is raised, so a refused row is always the one after the last row taken.
 */
export async function* readCsvRows(
  source: UploadSource,
  upload: UploadedFile,
  from: CsvPosition,
): AsyncGenerator<{ row: CsvRow; next: CsvPosition }> {
  let position = from;
  while (position.offset < upload.bytes) {
    const base = position.offset;
    const parser = parse(parserOptions(upload.delimiter));
    const parsed: Array<{ record: string[]; info: Info }> = [];
    let failure: Error | undefined;
    parser.on('data', (row: { record: string[]; info: Info }) => parsed.push(row));
    parser.on('error', (error: Error) => {
      failure ??= error;
    });
    const window = new RowWindow(position);
    const taken = function* () {
      for (const { record, info } of parsed) {
        const { line, bytes } = window.take(base + info.bytes);
        yield { row: { kind: 'row' as const, line, fields: record, bytes }, next: window.position };
      }
      parsed.length = 0;
    };
    for await (const chunk of source.open(upload.id, base)) {
      window.append(chunk);
      await write(parser, chunk);
      // A parse error is emitted on the next tick; rows before it were delivered during the write.
      await new Promise((resolve) => setImmediate(resolve));
      yield* taken();
      if (failure) break;
    }
    if (!failure) {
      await finish(parser);
      yield* taken();
    }
    if (!failure) return;
    parser.destroy();
    if (!(failure instanceof CsvError))
      throw new ConnectorError(`the upload could not be read: ${failure.message}`, { retryable: true });
    const broken = await skipBrokenLine(source, upload, window.position);
    yield {
      row: { kind: 'broken', line: broken.line, raw: broken.raw, message: describeParseError(failure) },
      next: broken.next,
    };
    position = broken.next;
  }
}

/** The column names a header row gives, or why it cannot be used. */
export function headerProblems(columns: string[], primaryKey: string[]): FieldError[] {
  const errors: FieldError[] = [];
  columns.forEach((name, index) => {
    if (name === '') errors.push({ path: `/header/${index}`, message: `column ${index + 1} has no name` });
    else if (columns.indexOf(name) !== index)
      errors.push({ path: `/header/${index}`, message: `column ${index + 1} repeats the name "${name}"` });
  });
  for (const key of primaryKey) {
    if (!columns.includes(key)) errors.push({ path: '/header', message: `has no primary key column "${key}"` });
  }
  return errors;
}

export interface CsvHeader {
  columns: string[];
  dataOffset: number;
  dataLine: number;
}

/**
 * Reads the header row while an upload streams in: pieces are pushed as they arrive, up to the end of the first row;
 * `finish` says what the header is. Without a header row the configured columns apply and data starts after a BOM.
 */
export function createCsvHeaderProbe(config: CsvConfig) {
  const parser = parse({ ...parserOptions(config.delimiter), bom: true, to: 1 });
  let head: Buffer = Buffer.alloc(0);
  let found: { record: string[]; bytes: number } | undefined;
  let failure: Error | undefined;
  parser.on('data', (row: { record: string[]; info: Info }) => {
    found ??= { record: row.record, bytes: row.info.bytes };
  });
  parser.on('error', (error: Error) => {
    failure ??= error;
  });
  const done = () => found !== undefined || failure !== undefined;
  return {
    async push(piece: Buffer): Promise<void> {
      if (head.length < 3 || (config.has_header && !done())) head = Buffer.concat([head, piece]);
      if (config.has_header && !done()) await write(parser, piece);
    },
    /** The header, or field errors (paths under `/header`; '' for the file as a whole). */
    async finish(): Promise<{ header: CsvHeader } | { errors: FieldError[] }> {
      const bomLength = head.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
      if (!config.has_header) {
        parser.destroy();
        if (head.subarray(bomLength).toString('utf8').trim() === '')
          return { errors: [{ path: '', message: 'the file is empty' }] };
        return { header: { columns: config.columns ?? [], dataOffset: bomLength, dataLine: 1 } };
      }
      if (!done()) await finish(parser);
      if (failure) {
        const message = failure instanceof CsvError ? describeParseError(failure) : failure.message;
        return { errors: [{ path: '/header', message: `the header row cannot be read: ${message}` }] };
      }
      if (!found) return { errors: [{ path: '', message: 'the file is empty: it needs a header row' }] };
      const columns = found.record.map((name) => name.trim());
      const errors = headerProblems(columns, config.streams[0]?.primary_key ?? []);
      if (errors.length > 0) return { errors };
      return { header: { columns, dataOffset: found.bytes, dataLine: 1 + countNewlines(head, found.bytes) } };
    },
  };
}

/** A CSV value's type: numbers, booleans and ISO dates as such; everything else is a string. */
function csvValueType(value: string): FieldType {
  if (/^-?(0|[1-9]\d{0,15})$/.test(value)) return 'integer';
  if (/^-?(0|[1-9]\d*)\.\d+$/.test(value)) return 'number';
  if (/^(true|false)$/i.test(value)) return 'boolean';
  return jsonFieldType(value);
}

function mergeTypes(known: FieldType | undefined, next: FieldType): FieldType {
  if (known === undefined || known === next) return next;
  if ((known === 'integer' && next === 'number') || (known === 'number' && next === 'integer')) return 'number';
  if ((known === 'date' && next === 'date-time') || (known === 'date-time' && next === 'date')) return 'date-time';
  return 'string';
}

function recordOf(columns: string[], fields: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach((name, index) => {
    const value = fields[index] ?? '';
    // An empty field is a missing value, so mapping defaults and fill rates treat it as one.
    record[name] = value === '' ? null : value;
  });
  return record;
}

interface CsvReadPosition extends CsvPosition {
  upload_id: string;
}

async function requireUpload(
  env: { uploads?: UploadSource },
  uploadId?: string,
): Promise<{ source: UploadSource; upload: UploadedFile }> {
  const source = env.uploads;
  if (!source) throw new ConnectorError('uploads are not available here');
  const upload = await source.find(uploadId);
  if (!upload)
    throw new ConnectorError(
      uploadId
        ? `upload ${uploadId} does not exist`
        : 'no file has been uploaded yet: POST it to /api/v1/integrations/{id}/uploads',
    );
  return { source, upload };
}

export const csvConnector: Connector<CsvConfig> = {
  type: 'csv',
  title: 'CSV upload',
  description:
    'Files uploaded through the API (POST /integrations/{id}/uploads, text/csv), for sources without an API. Each upload is a full snapshot of the one stream; ' +
    'a sync reads the latest upload, or the one it names.',
  spec,
  credentialsSpec,

  validate(config): FieldError[] {
    const errors: FieldError[] = [];
    if (!config.has_header && !config.columns)
      errors.push({ path: '/config/columns', message: 'is required when has_header is false' });
    if (config.columns) {
      for (const key of config.streams[0]?.primary_key ?? []) {
        if (!config.columns.includes(key))
          errors.push({
            path: '/config/streams/0/primary_key',
            message: `names "${key}", which is not one of the columns`,
          });
      }
    }
    return errors;
  },

  async check(_config, _credentials, env): Promise<CheckResult> {
    const upload = await env.uploads?.find();
    return upload ? { status: 'succeeded' } : { status: 'failed', message: 'no file has been uploaded yet' };
  },

  async discover(config, _credentials, env): Promise<DiscoveredStream[]> {
    const { source, upload } = await requireUpload(env);
    const types = new Map<string, FieldType>();
    let sampled = 0;
    for await (const { row } of readCsvRows(source, upload, { offset: upload.dataOffset, line: upload.dataLine })) {
      if (row.kind === 'broken' || row.fields.length !== upload.columns.length) continue;
      row.fields.forEach((value, index) => {
        if (value !== '')
          types.set(
            upload.columns[index] as string,
            mergeTypes(types.get(upload.columns[index] as string), csvValueType(value)),
          );
      });
      if (++sampled >= TYPE_SAMPLE_ROWS) break;
    }
    const stream = config.streams[0] as CsvStreamConfig;
    return [
      {
        name: stream.name,
        fields: upload.columns.map((name) => ({ name, type: types.get(name) ?? 'unknown' })),
        primary_key: stream.primary_key,
        cursor_field: null,
        supported_sync_modes: ['full', 'incremental'],
      },
    ];
  },

  /**
   * The upload named by the state's position (a sync pins its upload there when it is requested), else the latest.
   * Pages count rows read and rows refused alike, so a page never grows past `pageSize` rows of the file.
   */
  async *read(config, _credentials, env, request): AsyncGenerator<RecordPage> {
    const stream = config.streams[0] as CsvStreamConfig;
    if (request.stream !== stream.name) throw new ConnectorError(`no stream named ${request.stream}`);
    const pinned = request.state?.position as CsvReadPosition | null | undefined;
    const { source, upload } = await requireUpload(env, pinned?.upload_id);
    const start: CsvPosition = pinned
      ? { offset: pinned.offset, line: pinned.line }
      : { offset: upload.dataOffset, line: upload.dataLine };
    let records: Array<Record<string, unknown>> = [];
    let rejected: NonNullable<RecordPage['rejected']> = [];
    let position = start;
    const page = (): RecordPage => ({
      records,
      rejected,
      state: { cursor: null, position: { upload_id: upload.id, offset: position.offset, line: position.line } },
    });
    for await (const { row, next } of readCsvRows(source, upload, start)) {
      position = next;
      if (row.kind === 'broken') rejected.push({ line: row.line, raw: row.raw, message: row.message });
      else if (row.fields.length !== upload.columns.length) {
        rejected.push({
          line: row.line,
          raw: excerpt(row.bytes),
          message: `the row has ${row.fields.length} fields; the header has ${upload.columns.length}`,
        });
      } else records.push(recordOf(upload.columns, row.fields));
      if (records.length + rejected.length >= request.pageSize) {
        yield page();
        records = [];
        rejected = [];
      }
    }
    if (records.length + rejected.length > 0) yield page();
  },
};
