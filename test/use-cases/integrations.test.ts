import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Client } from '@temporalio/client';
import type { RequestContext } from '../../api/context';
import { createIntegrationService } from '../../api/integrations/service';
import type { CreateIntegrationRequest } from '../../api/openapi/request-types.generated';
import {
  createTenantForTest,
  errorPaths,
  logger,
  rejectsWith,
  testConfig,
  unusedPort,
  useDatabase,
  useSandbox,
} from './harness';

/** The source a configuration points at is never reached here: its checks are about the configuration alone. */
const SOURCE_HOST = '127.0.0.1';
const restConfig = (port: number) => ({
  base_url: `http://127.0.0.1:${port}`,
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
});
const postgresConfig = () => ({
  host: SOURCE_HOST,
  port: 5432,
  database: 'source',
  username: 'reader',
  ssl_mode: 'disable',
  streams: [{ name: 'employees', table: 'public.employees', cursor_column: 'updated_at', primary_key: ['id'] }],
});

/** Integrations' configuration rules: each connector type's spec, credentials it needs, destinations refused. */
describe('integrations (use cases)', () => {
  const db = useDatabase();
  const engines = useSandbox();
  // As the HTTP tests' stack: the test machine's own address is allowed, private and metadata ones are not.
  const integrations = () =>
    createIntegrationService({
      db: db(),
      temporal: unusedPort<Client>('temporal'),
      config: testConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }),
      logger,
      sandbox: engines().sandbox,
    });
  const create = (context: RequestContext, body: Record<string, unknown>) =>
    integrations().create(context, body as unknown as CreateIntegrationRequest);

  it("validates the configuration against the connector type's spec, naming each field", async () => {
    const { context } = await createTenantForTest(db());
    const bad = await rejectsWith(
      create(context, {
        name: 'bad',
        connector_type: 'postgres',
        config: {
          host: SOURCE_HOST,
          database: 'x',
          username: 'u',
          port: 70000,
          streams: [{ name: 'Bad Name', table: 'employees', cursor_column: 'updated_at', primary_key: ['id'] }],
        },
        credentials: { password: 'p' },
      }),
      422,
      'validation_failed',
    );
    const paths = errorPaths(bad);
    assert.ok(paths.includes('/config/port'), JSON.stringify(bad.extras.errors));
    assert.ok(paths.includes('/config/streams/0/name'), JSON.stringify(bad.extras.errors));

    const missingPassword = await rejectsWith(
      create(context, { name: 'x', connector_type: 'postgres', config: postgresConfig() }),
      422,
      'validation_failed',
    );
    assert.deepEqual(errorPaths(missingPassword), ['/credentials/password']);

    const missingToken = await rejectsWith(
      create(context, { name: 'x', connector_type: 'rest', config: restConfig(8080) }),
      422,
      'validation_failed',
    );
    assert.deepEqual(errorPaths(missingToken), ['/credentials/token']);

    const unknownType = await rejectsWith(
      create(context, { name: 'x', connector_type: 'snowflake', config: {} }),
      422,
      'validation_failed',
    );
    assert.equal(errorPaths(unknownType)[0], '/connector_type');

    const rest = await create(context, {
      name: 'HRIS',
      connector_type: 'rest',
      config: restConfig(8080),
      credentials: { token: 'secret-token' },
    });
    const emptyUpdate = await rejectsWith(
      integrations().update(context, rest.id, { config: { ...restConfig(8080), streams: [] } } as never),
      422,
      'validation_failed',
    );
    assert.equal(errorPaths(emptyUpdate)[0], '/config/streams');
  });

  it('refuses private and metadata destinations that are not allow-listed', async () => {
    const { context } = await createTenantForTest(db());
    for (const base of ['http://169.254.169.254', 'http://10.0.0.7:8080', 'http://localhost:9000']) {
      const refused = await rejectsWith(
        create(context, {
          name: 'x',
          connector_type: 'rest',
          config: { ...restConfig(1), base_url: base },
          credentials: { token: 't' },
        }),
        422,
        'validation_failed',
      );
      assert.equal(errorPaths(refused)[0], '/config/base_url');
    }
    const metadata = await rejectsWith(
      create(context, {
        name: 'x',
        connector_type: 'postgres',
        config: { ...postgresConfig(), host: '169.254.169.254' },
        credentials: { password: 'p' },
      }),
      422,
      'validation_failed',
    );
    assert.equal(errorPaths(metadata)[0], '/config/host');
  });
});
