import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// COUNT(*) and bigint columns come back as strings by default; every count we keep fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type { Knex };

export function createKnex(databaseUrl: string, options: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: options.poolMax ?? 10 },
    // Objection/knex stay quiet; the app logs through pino with request ids.
    log: { warn: () => undefined, deprecate: () => undefined, debug: () => undefined, error: () => undefined },
  });
}
