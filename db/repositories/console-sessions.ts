import type { Knex } from 'knex';

/** A console session row (see the migration 20261123000020_console_sessions). Token columns hold ciphertext. */
export interface ConsoleSessionRow {
  id_hash: string;
  status: 'pending' | 'active';
  csrf_token: string;
  oauth_state: string | null;
  code_verifier: string | null;
  return_to: string | null;
  tenant_id: string | null;
  user_id: string | null;
  access_token_encrypted: string | null;
  refresh_token_encrypted: string | null;
  access_token_expires_at: Date | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export type NewConsoleSession = Omit<ConsoleSessionRow, 'created_at' | 'last_seen_at'>;

export async function insertConsoleSession(db: Knex, row: NewConsoleSession): Promise<void> {
  await db('console_sessions').insert(row);
}

/** A session that has not expired; expired rows are as good as absent (and swept by deleteExpiredConsoleSessions). */
export async function findConsoleSession(db: Knex, idHash: string): Promise<ConsoleSessionRow | undefined> {
  return db<ConsoleSessionRow>('console_sessions')
    .where({ id_hash: idHash })
    .andWhere('expires_at', '>', new Date())
    .first();
}

export async function updateConsoleSession(db: Knex, idHash: string, patch: Partial<ConsoleSessionRow>): Promise<void> {
  await db('console_sessions').where({ id_hash: idHash }).update(patch);
}

/** Deletes the session and returns it (the caller revokes its refresh token), or undefined when there was none. */
export async function deleteConsoleSession(db: Knex, idHash: string): Promise<ConsoleSessionRow | undefined> {
  const [row] = (await db('console_sessions')
    .where({ id_hash: idHash })
    .delete()
    .returning('*')) as ConsoleSessionRow[];
  return row;
}

/** Swaps a pending sign-in for the active session in one transaction: the pending row can be used only once. */
export async function activateConsoleSession(
  db: Knex,
  pendingHash: string,
  active: NewConsoleSession,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const removed = await trx('console_sessions').where({ id_hash: pendingHash, status: 'pending' }).delete();
    if (removed === 0) return false;
    await trx('console_sessions').insert(active);
    return true;
  });
}

export async function deleteExpiredConsoleSessions(db: Knex, olderThan: Date = new Date()): Promise<number> {
  return db('console_sessions').where('expires_at', '<', olderThan).delete();
}
