import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { loadConfig } from '../../core/config';
import { createLogger } from '../../core/logger';
import { createKnex } from '../../db/connection';
import { findFreePort } from '../../scripts/stack/ports';
import { call } from '../helpers/stack';

/** The real app wired to a real Postgres and to a Temporal address where nothing listens. */
async function appWithUnreachableTemporal() {
  const config = loadConfig({ ...process.env, PORT: '0' });
  const db = createKnex(process.env.DATABASE_URL as string);
  const connection = Connection.lazy({ address: `127.0.0.1:${await findFreePort()}`, connectTimeout: 500 });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  const app = createApp({ config, db, temporal, logger: createLogger('silent', 'dms-test') });
  await app.ready;
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      // Not closed: grpc-js throws from a lazy channel closed while it retries a refused connection; the channel
      // holds no handle that keeps this test process alive.
      await db.destroy();
    },
  };
}

describe('readiness', () => {
  it('answers 503 naming the dependency that is down, while liveness stays 200', async () => {
    const stack = await appWithUnreachableTemporal();
    try {
      const ready = await call(stack.baseUrl, 'GET', '/ready');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body, {
        status: 'not_ready',
        checks: { postgres: 'ok', temporal: 'unavailable', scenario_runner: 'disabled' },
      });
      assert.equal((await call(stack.baseUrl, 'GET', '/health')).status, 200);
    } finally {
      await stack.close();
    }
  });
});
