import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKnex, type Knex } from '../../db/connection';
import { migrationNames } from '../../db/migrate';
import { assertSupportedPostgres, REQUIRED_POSTGRES_MAJOR } from '../../db/server-version';

const ROOT = path.resolve(__dirname, '../..');
const PROCESS_CAP_MS = 240_000;

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests with "npm test"');
  return url;
}

interface Exited {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Exited> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * The tables migrations make. Left out: the monthly partitions of decision instances, which the worker's retention pass
 * (and a write into a month without one) creates at run time, not a migration.
 */
async function publicTables(db: Knex): Promise<string[]> {
  const rows = (await db('information_schema.tables')
    .where({ table_schema: 'public' })
    .orderBy('table_name')
    .select('table_name')) as { table_name: string }[];
  return rows.map((row) => row.table_name).filter((name) => !/^decision_instances_m\d{6}$/.test(name));
}

describe('migrations and the Postgres version', () => {
  let server: Knex;
  before(() => {
    server = createKnex(databaseUrl(), { poolMax: 2 });
  });
  after(async () => server.destroy());

  it('finds the test Postgres to be the version the code requires', async () => {
    const version = await assertSupportedPostgres(server);
    assert.equal(Number(/^\d+/.exec(version)?.[0]), REQUIRED_POSTGRES_MAJOR);
  });

  it('migrates one empty database from three processes starting together, each of them succeeding', async () => {
    const name = `dms_migrate_${crypto.randomBytes(5).toString('hex')}`;
    await server.raw('CREATE DATABASE ??', [name]);
    const url = new URL(databaseUrl());
    url.pathname = `/${name}`;
    const fresh = createKnex(url.toString(), { poolMax: 2 });
    const children: ChildProcess[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        children.push(
          spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/migrate-when-told.ts'], {
            cwd: ROOT,
            env: { ...process.env, DATABASE_URL: url.toString() },
            stdio: ['pipe', 'pipe', 'pipe'],
          }),
        );
      }
      const exits = children.map((child) => collect(child));
      // Every process has loaded its code and holds a connection before any of them starts, so they really race.
      await Promise.all(
        children.map(
          (child, index) =>
            new Promise<void>((resolve, reject) => {
              // A plain listener (readline would pause the stream when closed, losing what the process prints later).
              let seen = '';
              child.stdout!.on('data', (chunk: Buffer) => {
                seen += chunk.toString();
                if (seen.includes('ready\n')) resolve();
              });
              void exits[index]!.then((exited) =>
                reject(new Error(`migrating process ${index} exited before it was ready: ${exited.stderr}`)),
              );
            }),
        ),
      );
      for (const child of children) child.stdin!.write('go\n');
      const results = await Promise.race([
        Promise.all(exits),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the migrating processes did not finish')), PROCESS_CAP_MS).unref(),
        ),
      ]);

      for (const [index, result] of results.entries())
        assert.equal(result.code, 0, `process ${index}: ${result.stderr}`);
      // Exactly one process applied the migrations; the others waited for the lock and found nothing left to do.
      const applied = results.map(
        (result) => (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { applied: string[] }).applied,
      );
      assert.deepEqual(applied.flat().sort(), migrationNames().slice().sort());
      assert.equal(applied.filter((list) => list.length > 0).length, 1);
      // The schema is complete: every migration recorded once, and the same tables as the fully migrated test database.
      const recorded = (await fresh('knex_migrations').orderBy('id').select('name')) as { name: string }[];
      assert.deepEqual(
        recorded.map((row) => row.name),
        migrationNames(),
      );
      assert.deepEqual(await publicTables(fresh), await publicTables(server));
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await fresh.destroy();
      await server.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    }
  });
});
