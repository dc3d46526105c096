import type { Knex } from 'knex';
import {
  activateConsoleSession,
  deleteConsoleSession,
  findConsoleSession,
  insertConsoleSession,
  updateConsoleSession,
  type ConsoleSessionRow,
  type NewConsoleSession,
} from '../../db/repositories/console-sessions';

export type { ConsoleSessionRow, NewConsoleSession };

/**
 * Where the console's sessions are kept (Postgres, by the hash of the cookie's id): the console's sign-in and session
 * handling (api/console/session.ts) go through this service, never the repository, like every console page.
 */
export function createConsoleSessionStore(db: Knex) {
  return {
    insert: (row: NewConsoleSession) => insertConsoleSession(db, row),
    find: (idHash: string) => findConsoleSession(db, idHash),
    update: (idHash: string, patch: Partial<ConsoleSessionRow>) => updateConsoleSession(db, idHash, patch),
    delete: (idHash: string) => deleteConsoleSession(db, idHash),
    /** Replaces the pending sign-in by the active session, once: false if it was already replaced. */
    activate: (pendingHash: string, active: NewConsoleSession) => activateConsoleSession(db, pendingHash, active),
  };
}

export type ConsoleSessionStore = ReturnType<typeof createConsoleSessionStore>;
