import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConnectorEnvironment, RecordPage, StreamState } from '../../integrations/connectors';
import { systemResolveHost } from '../../integrations/connectors/network';
import { postgresConnector, type PostgresConfig } from '../../integrations/connectors/postgres';
import { restConnector, type RestConfig } from '../../integrations/connectors/rest';
import { startHrisServer, type HrisServer } from '../helpers/hris-server';
import { createSourceDatabase, type SourceDatabase } from '../helpers/source-database';

/** The connectors' `read` against real sources: a second Postgres database and a local HRIS-shaped HTTP server. */

async function readAll(pages: AsyncGenerator<RecordPage>): Promise<{ pages: RecordPage[]; ids: string[] }> {
  const all: RecordPage[] = [];
  for await (const page of pages) all.push(page);
  return { pages: all, ids: all.flatMap((p) => p.records.map((r) => String(r.id))) };
}

describe('connector reads', () => {
  let source: SourceDatabase;
  let hris: HrisServer;
  const waits: number[] = [];
  const env: ConnectorEnvironment = {
    allowedHosts: ['127.0.0.1'],
    requireHttps: false,
    resolveHost: systemResolveHost,
    timeoutMs: 5000,
    maxRetries: 3,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  let pgConfig: PostgresConfig;
  let restConfig: RestConfig;
  const T1 = '2026-11-01T10:00:00.000Z';
  const T2 = '2026-11-02T10:00:00.000Z';

  before(async () => {
    source = await createSourceDatabase();
    await source.admin.query(
      'create table people (id text primary key, name text not null, updated_at timestamptz not null)',
    );
    // Three rows share T2, so with pages of 2 the equal timestamps straddle a page boundary.
    await source.admin.query(
      `insert into people values ('p1', 'A', $1), ('p2', 'B', $2), ('p3', 'C', $2), ('p4', 'D', $2), ('p5', 'E', '2026-11-03T10:00:00Z')`,
      [T1, T2],
    );
    pgConfig = source.connectorConfig(
      [{ name: 'people', table: 'public.people', cursor_column: 'updated_at', primary_key: ['id'] }],
      { statement_timeout_ms: 5000 },
    ) as unknown as typeof pgConfig;
    hris = await startHrisServer('tkn', [
      { id: 'e1', updated_at: T1 },
      { id: 'e2', updated_at: T2 },
      { id: 'e3', updated_at: T2 },
      { id: 'e4', updated_at: T2 },
      { id: 'e5', updated_at: '2026-11-03T10:00:00.000Z' },
    ]);
    restConfig = {
      base_url: `http://127.0.0.1:${hris.port}`,
      auth: { type: 'bearer' },
      pagination: { type: 'cursor', cursor_path: 'next_cursor', cursor_param: 'cursor', page_size: 2 },
      streams: [
        {
          name: 'employees',
          path: '/v1/employees',
          records_path: 'data',
          primary_key: ['id'],
          incremental_field: 'updated_at',
          incremental_param: 'updated_since',
        },
      ],
    };
  });
  after(async () => {
    await hris?.close();
    await source?.drop();
  });

  it('postgres: reads every row once in keyset order, equal cursor values across a page boundary included', async () => {
    const { pages, ids } = await readAll(
      postgresConnector.read(pgConfig, { password: source.password }, env, {
        stream: 'people',
        state: null,
        pageSize: 2,
      }),
    );
    assert.deepEqual(ids, ['p1', 'p2', 'p3', 'p4', 'p5']);
    assert.deepEqual(
      pages.map((p) => p.records.length),
      [2, 2, 1],
    );
    assert.equal(pages.at(-1)?.state.position, null);
    assert.equal(pages[0]?.records[0]?.updated_at, T1);
  });

  it("postgres: a read resumed from a page's state continues right after it, with no duplicate and no gap", async () => {
    const first = await postgresConnector
      .read(pgConfig, { password: source.password }, env, { stream: 'people', state: null, pageSize: 2 })
      .next();
    const state = (first.value as RecordPage).state;
    assert.deepEqual(state.position, ['2026-11-02 10:00:00+00', 'p2']);
    const { ids } = await readAll(
      postgresConnector.read(pgConfig, { password: source.password }, env, { stream: 'people', state, pageSize: 2 }),
    );
    assert.deepEqual(ids, ['p3', 'p4', 'p5']);
  });

  it('postgres: an incremental read starts at the last cursor inclusively, so a late row with an equal timestamp is not missed', async () => {
    const full = await readAll(
      postgresConnector.read(pgConfig, { password: source.password }, env, {
        stream: 'people',
        state: null,
        pageSize: 2,
      }),
    );
    const watermark = full.pages.at(-1)?.state as StreamState;
    assert.equal(watermark.cursor, '2026-11-03 10:00:00+00');
    await source.admin.query(
      `insert into people values ('p0', 'Late', '2026-11-03T10:00:00Z'), ('p6', 'New', '2026-11-04T10:00:00Z')`,
    );
    const { ids } = await readAll(
      postgresConnector.read(pgConfig, { password: source.password }, env, {
        stream: 'people',
        state: { cursor: watermark.cursor, position: null },
        pageSize: 2,
      }),
    );
    // p5 again (the caller de-duplicates on the primary key), the late p0 at the same instant, and the new p6.
    assert.deepEqual(ids, ['p0', 'p5', 'p6']);
  });

  it("rest: pages through a cursor, retries 429 after Retry-After and a 503, and resumes from a page's state", async () => {
    waits.length = 0;
    hris.failNext.push({ status: 429, headers: { 'retry-after': '2' } }, { status: 503 });
    const { pages, ids } = await readAll(
      restConnector.read(restConfig, { token: 'tkn' }, env, { stream: 'employees', state: null, pageSize: 2 }),
    );
    assert.deepEqual(ids, ['e1', 'e2', 'e3', 'e4', 'e5']);
    assert.equal(waits[0], 2000);
    assert.equal(waits.length, 2);
    assert.equal(pages.at(-1)?.state.cursor, '2026-11-03T10:00:00.000Z');
    const resumed = await readAll(
      restConnector.read(restConfig, { token: 'tkn' }, env, {
        stream: 'employees',
        state: pages[0]?.state as StreamState,
        pageSize: 2,
      }),
    );
    assert.deepEqual(resumed.ids, ['e3', 'e4', 'e5']);
  });

  it('rest: an incremental read asks for records at or after the last cursor', async () => {
    hris.requests.length = 0;
    const { ids } = await readAll(
      restConnector.read(restConfig, { token: 'tkn' }, env, {
        stream: 'employees',
        state: { cursor: T2, position: null },
        pageSize: 2,
      }),
    );
    assert.deepEqual(ids, ['e2', 'e3', 'e4', 'e5']);
    assert.ok(
      hris.requests.every((r) => r.url.includes(`updated_since=${encodeURIComponent(T2)}`)),
      JSON.stringify(hris.requests),
    );
  });

  it('rest: gives up after the retries, and fails at once on a malformed page', async () => {
    hris.failNext.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    await assert.rejects(
      readAll(restConnector.read(restConfig, { token: 'tkn' }, env, { stream: 'employees', state: null, pageSize: 2 })),
      /answered 500 4 times/,
    );
    const wrongPath = {
      ...restConfig,
      streams: [{ ...(restConfig.streams[0] as RestConfig['streams'][number]), records_path: 'items' }],
    };
    await assert.rejects(
      readAll(restConnector.read(wrongPath, { token: 'tkn' }, env, { stream: 'employees', state: null, pageSize: 2 })),
      /no array at "items"/,
    );
  });
});
