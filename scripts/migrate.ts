/**
 * `npm run migrate` (in the image: node dist/scripts/migrate.js): applies pending migrations to DATABASE_URL (or the
 * embedded database under DATA_DIR), under the migration lock, after checking the server is Postgres 18 or later.
 */
import { loadStorageConfig } from '../core/config';
import { resolveDatabaseUrl } from '../core/stack-state';
import { createKnex } from '../db/connection';
import { runMigrations } from '../db/migrate';

async function main(): Promise<void> {
  const db = createKnex(resolveDatabaseUrl(loadStorageConfig()), { poolMax: 1 });
  try {
    const applied = await runMigrations(db);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
