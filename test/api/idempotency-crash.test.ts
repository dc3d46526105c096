import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  startTestStack,
  type ApiResponse,
  type TestStack,
  type TestTenant,
} from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { scenarioRunLaneWorkflowId } from '../../workflows/scenarios/contracts-run-lane';
import { staffingScenario } from '../fixtures/model-bodies';

const staffing = (rate: number) => ({ ...staffingScenario(rate), name: `crash-${rate}` });

/**
 * A TCP proxy in front of Temporal for the API process under test: `freeze()` stops forwarding (connections stay
 * open, nothing answers), as a Temporal call that hangs while the process dies. Scenario rows the process committed
 * then have no workflow behind them.
 */
async function startFreezableProxy(
  target: string,
): Promise<{ address: string; freeze(): void; close(): Promise<void> }> {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      if (!frozen) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!frozen) client.write(data);
    });
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('exactly once across an API process killed with scenario creates in flight', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  before(async () => {
    // This stack is "the other API process" and the worker; its run-recovery sweep uses a grace of seconds.
    stack = await startTestStack({
      worker: true,
      env: { RUN_RECOVERY_GRACE_SECONDS: '2', RUN_RECOVERY_INTERVAL_SECONDS: '1', IDEMPOTENCY_LEASE_SECONDS: '3' },
    });
    tenant = await createTestTenant(stack.db);
  });

  after(async () => {
    await stack?.close();
  });

  it('retries with the same Idempotency-Key on another API get the original outcome; no scenario twice, none left running', async () => {
    const proxy = await startFreezableProxy(stack.config.temporalAddress ?? (process.env.TEMPORAL_ADDRESS as string));
    const api = await spawnApiProcess(stack, {
      TEMPORAL_ADDRESS: proxy.address,
      // Runs go through the task queue (the worker), and a hung start is not given up before the process dies: with
      // SCENARIO_RUN_MODE=workflow every create calls Temporal (a run lane needs it only when no pass is looking).
      SCENARIO_RUN_MODE: 'workflow',
      SCENARIO_RUNNER: 'false',
      TEMPORAL_RPC_TIMEOUT_MS: '60000',
      IDEMPOTENCY_LEASE_SECONDS: '3',
    });
    const keys: string[] = [];
    const create = (baseUrl: string, index: number) =>
      call(baseUrl, 'POST', '/api/v1/scenarios', {
        key: tenant.key,
        body: staffing(100 + index),
        headers: { 'idempotency-key': keys[index] as string },
      });
    const originals: Array<ApiResponse | undefined> = [];
    try {
      // Ten answered before the crash, then 30 in flight while Temporal stops answering the process.
      for (let index = 0; index < 40; index++) keys.push(`crash-${tenant.id}-${index}`);
      for (let index = 0; index < 10; index++) {
        originals[index] = await create(api.baseUrl, index);
        assert.ok([201, 202].includes(originals[index]?.status as number), JSON.stringify(originals[index]?.body));
      }
      proxy.freeze();
      const inFlight = keys.slice(10).map((_, offset) => create(api.baseUrl, 10 + offset).catch(() => undefined));
      // Kill once some of them have committed their scenario (and are stuck starting its workflow).
      await waitFor('scenarios committed by in-flight requests', async () => {
        const row = (
          await stack.db('scenarios').where({ tenant_id: tenant.id }).count<{ count: string }[]>('* as count')
        )[0];
        return Number(row?.count) >= 20;
      });
      api.child.kill('SIGKILL');
      await Promise.all(inFlight);
    } finally {
      if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      await proxy.close();
    }

    // Every client retries with its key on the other API until it gets an answer other than "in progress".
    const retried: ApiResponse[] = [];
    for (const [index] of keys.entries()) {
      retried[index] = await waitFor(
        `an answer to the retry of ${keys[index]}`,
        async () => {
          const response = await create(stack.baseUrl, index);
          if (response.status === 409 && response.body.code === 'idempotency_request_in_progress') {
            assert.ok(Number(response.headers.get('retry-after')) >= 1);
            return undefined;
          }
          return response;
        },
        120_000,
      );
    }
    for (const [index, response] of retried.entries()) {
      assert.ok(
        [201, 202].includes(response.status),
        `${keys[index]}: ${response.status} ${JSON.stringify(response.body)}`,
      );
      assert.equal(response.body.name, `crash-${100 + index}`);
      const original = originals[index];
      if (original) {
        assert.equal(response.body.id, original.body.id, 'a replay of the answered request');
        assert.equal(response.status, original.status);
      }
    }
    // The requests whose scenario committed before the kill are answered with it (replayed, 202 to poll), not run again.
    const replayedInFlight = retried
      .slice(10)
      .filter((response) => response.status === 202 && response.headers.get('idempotent-replayed') === 'true');
    assert.ok(
      replayedInFlight.length >= 10,
      `${replayedInFlight.length} in-flight requests resolved to the scenario they had committed`,
    );
    const ids = retried.map((response) => response.body.id as string);
    assert.equal(new Set(ids).size, keys.length, 'one scenario per key');
    const stored = await stack.db('scenarios').where({ tenant_id: tenant.id }).select('id', 'name');
    assert.equal(stored.length, keys.length, 'no scenario exists twice');
    assert.deepEqual(new Set(stored.map((row) => row.id)), new Set(ids));

    // No scenario is left running without a workflow: the sweep starts what the dead process never started.
    await waitFor(
      'every scenario to finish',
      async () => {
        const open = await stack
          .db('scenarios')
          .where({ tenant_id: tenant.id })
          .whereNot({ status: 'completed' })
          .count<{ count: string }[]>('* as count');
        return Number(open[0]?.count) === 0;
      },
      180_000,
    );
    for (const id of ids) {
      const scenario = await call(stack.baseUrl, 'GET', `/api/v1/scenarios/${id}`, { key: tenant.key });
      assert.equal(scenario.body.status, 'completed');
      // The run named is the one that ran it: its own workflow (closed), or the tenant's run lane on the other API.
      const described = await stack.temporal.workflow
        .getHandle(scenario.body.workflow_id, scenario.body.run_id)
        .describe();
      if (scenario.body.workflow_id === scenarioRunLaneWorkflowId(tenant.id))
        assert.equal(described.type, 'scenarioRunLaneWorkflow');
      else assert.equal(described.status.name, 'COMPLETED');
    }
  });
});
