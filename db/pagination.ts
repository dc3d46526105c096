import { parseDateTime } from '../core/date-time';
import type { Model, QueryBuilderType } from 'objection';
import { invalidCursor } from '../core/errors';

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Cursors are opaque to clients: base64url of the last id seen. Ids are ULIDs, so id order is creation order. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ after: lastId })).toString('base64url');
}

/**
 * What an id in a cursor looks like (`scn_01h…`, or a built-in model's `mdl_slug`). A cursor is client input: anything
 * else (a NUL, which Postgres text cannot hold, or any other character no id has) is refused before it reaches SQL.
 */
const CURSOR_ID = /^[a-z]+_[0-9a-z_]{1,95}$/;

export function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string' && CURSOR_ID.test(parsed.after)) return parsed.after;
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}

/**
 * Keyset pagination, newest first. Stable under concurrent inserts: a new row sorts before every cursor already
 * handed out, so pages never repeat or skip rows.
 */
export async function paginate<M extends Model>(
  query: QueryBuilderType<M>,
  idColumn: string,
  page: PageRequest,
): Promise<{ rows: M[]; nextCursor: string | null }> {
  if (page.cursor !== undefined) query.where(idColumn, '<', decodeCursor(page.cursor));
  const rows = (await query.orderBy(idColumn, 'desc').limit(page.limit + 1)) as unknown as M[];
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows[pageRows.length - 1] as unknown as Record<string, string> | undefined;
  return {
    rows: pageRows,
    nextCursor: hasMore && last ? encodeCursor(last[idColumn.split('.').pop() as string] as string) : null,
  };
}

/**
 * Cursors for logs ordered by a per-tenant sequence number rather than by id (the audit log: its order is the hash
 * chain's, which a ULID minted in another process need not follow). Equally opaque to clients.
 */
export function encodeSequenceCursor(lastSequence: number): string {
  return Buffer.from(JSON.stringify({ before_sequence: lastSequence })).toString('base64url');
}

export function decodeSequenceCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before_sequence?: unknown };
    if (Number.isSafeInteger(parsed.before_sequence) && (parsed.before_sequence as number) > 0)
      return parsed.before_sequence as number;
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}

/**
 * Cursors for lists in ascending order of a time a client gave (decision outcomes, oldest observation first): the
 * last row's time and id, the id breaking ties. Equally opaque to clients.
 */
export function encodeTimeCursor(last: { at: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ after_at: last.at.toISOString(), after_id: last.id })).toString('base64url');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function decodeTimeCursor(cursor: string): { at: string; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      after_at?: unknown;
      after_id?: unknown;
    };
    const { after_at: at, after_id: id } = parsed;
    if (
      typeof at === 'string' &&
      ISO_TIME.test(at) &&
      parseDateTime(at) !== undefined &&
      typeof id === 'string' &&
      CURSOR_ID.test(id)
    )
      return { at, id };
  } catch {
    // fall through to the error below
  }
  throw invalidCursor();
}
