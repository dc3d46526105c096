import type { Model, QueryBuilderType } from 'objection';
import { AppError } from '../core/app-error';

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

export function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string' && parsed.after.length > 0 && parsed.after.length < 100) return parsed.after;
  } catch {
    // fall through to the error below
  }
  throw new AppError(400, 'invalid_cursor', 'The cursor is not one this API issued.', {
    errors: [{ path: '/query/cursor', message: 'is not a valid cursor' }],
  });
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
  return { rows: pageRows, nextCursor: hasMore && last ? encodeCursor(last[idColumn.split('.').pop() as string] as string) : null };
}
