import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { Knex } from '../../db/connection';
import { call } from './stack';
import { waitFor } from './wait';

const STAFFING = 'mdl_service_queue_staffing';

export interface BatchCrashOutcome {
  batchId: string;
  /** From the kill to the start of the last retried attempt of a chunk the dead worker held (how long that work stalled). */
  stallSeconds: number;
  /** Chunk attempts that were retries of an attempt whose heartbeat stopped (its worker died). */
  heartbeatRetries: number;
}

/**
 * Kills a worker process (SIGKILL) while it runs one of a batch's chunks, with another worker process polling the same
 * task queue, and checks that the batch finishes with every item run exactly once and that the dead worker's chunks
 * were retried because their heartbeats stopped (not after the chunk's start-to-close timeout).
 *
 * `workers` are the worker processes polling now (see waitForPollers); the one Temporal shows running a chunk is
 * killed. `apis` are the API base URLs the batch is created and polled through, in turn.
 */
export async function killWorkerMidBatch(options: {
  apis: string[];
  key: string;
  db: Knex;
  temporal: Client;
  workers: ChildProcess[];
  items?: number;
}): Promise<BatchCrashOutcome> {
  const total = options.items ?? 2000;
  const api = (i: number) => options.apis[i % options.apis.length] as string;
  const items = Array.from({ length: total }, (_, i) => ({
    model_id: STAFFING,
    inputs: {
      arrival_rate_per_hour: 60 + (i % 300),
      average_handle_time_seconds: 180,
      target_service_level: 0.8,
      target_answer_time_seconds: 20,
    },
  }));
  const created = await call(api(0), 'POST', '/api/v1/scenarios/batch', { key: options.key, body: { items } });
  assert.equal(created.status, 202, JSON.stringify(created.body));
  const batchId: string = created.body.id;
  let polls = 0;
  const batch = async () => {
    const response = await call(api(++polls), 'GET', `/api/v1/scenarios/batches/${batchId}`, { key: options.key });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };

  // The worker to kill: the one Temporal shows running a chunk (a worker's identity is `pid@host`).
  const handle = options.temporal.workflow.getHandle(created.body.workflow_id);
  const doomed = await waitFor(
    "a worker running one of the batch's chunks",
    async () => {
      const pending = (await handle.describe()).raw.pendingActivities ?? [];
      const running = pending.filter(
        (a) => a.state === temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED,
      );
      const pids = running.map((a) => Number(/^(\d+)@/.exec(a.lastWorkerIdentity ?? '')?.[1]));
      return options.workers.find((worker) => pids.includes(worker.pid as number));
    },
    180_000,
  );
  const exited = new Promise((resolve) => doomed.once('exit', resolve));
  doomed.kill('SIGKILL');
  await exited;
  const killedAt = Date.now();

  const done = await waitFor(
    'the batch to finish on the surviving worker',
    async () => {
      const current = await batch();
      return current.status !== 'running' ? current : undefined;
    },
    600_000,
  );
  assert.equal(done.status, 'completed');
  assert.equal(done.progress.completed, total);

  // Exactly once: one scenario per item, no item with two, no scenario without its item.
  const scenarios = await options.db('scenarios').where({ batch_id: batchId }).count('* as n').first();
  assert.equal(Number(scenarios?.n), total, 'one scenario per item, none twice');
  const itemRows = await options
    .db('scenario_batch_items')
    .where({ batch_id: batchId })
    .whereNotNull('scenario_id')
    .select('scenario_id');
  assert.equal(itemRows.length, total);
  assert.equal(new Set(itemRows.map((row: { scenario_id: string }) => row.scenario_id)).size, total);

  // The chunks the dead worker held were retried because their heartbeats stopped.
  const history = await options.temporal.workflow.getHandle(done.workflow_id).fetchHistory();
  let heartbeatRetries = 0;
  let stallMs = 0;
  for (const event of history.events ?? []) {
    const started = event.activityTaskStartedEventAttributes;
    if (!started || (started.attempt ?? 1) < 2) continue;
    const timeoutType = started.lastFailure?.timeoutFailureInfo?.timeoutType;
    assert.notEqual(
      timeoutType,
      temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_START_TO_CLOSE,
      'no chunk waited out its start-to-close timeout',
    );
    if (timeoutType !== temporal.api.enums.v1.TimeoutType.TIMEOUT_TYPE_HEARTBEAT) continue;
    heartbeatRetries++;
    const startedAt = Number(event.eventTime?.seconds ?? 0) * 1000 + Math.round((event.eventTime?.nanos ?? 0) / 1e6);
    stallMs = Math.max(stallMs, startedAt - killedAt);
  }
  assert.ok(heartbeatRetries >= 1, 'the dead worker held chunks, retried after their heartbeat timeout');
  return { batchId, stallSeconds: stallMs / 1000, heartbeatRetries };
}

/** Waits until Temporal lists every one of these processes (identity `pid@host`) as a poller of the task queue. */
export async function waitForPollers(client: Client, taskQueue: string, processes: ChildProcess[]): Promise<void> {
  const { TaskQueueType } = temporal.api.enums.v1;
  await waitFor(
    `${processes.length} worker process(es) polling ${taskQueue}`,
    async () => {
      for (const taskQueueType of [TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY]) {
        const described = await client.workflowService.describeTaskQueue({
          namespace: client.options.namespace,
          taskQueue: { name: taskQueue },
          taskQueueType,
        });
        const pids = (described.pollers ?? []).map((poller) => Number(/^(\d+)@/.exec(poller.identity ?? '')?.[1]));
        if (!processes.every((child) => pids.includes(child.pid as number))) return false;
      }
      return true;
    },
    180_000,
  );
}
