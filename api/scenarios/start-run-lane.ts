import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import { listenOnChannel, type ChannelListener } from '../../db/listen';
import { scenarioFromText, type ScenarioRecord } from '../../db/records/scenario';
import {
  enqueueRun,
  queuedRunKey,
  SCENARIO_RUN_STORED_CHANNEL,
  withdrawQueuedRun,
} from '../../db/repositories/scenario-run-queue';
import { wakeLane, type LaneWakeDeps } from '../../orchestration/lanes';
import { outboundTaskQueue } from '../../workflows/contracts/task-queues';
import { searchAttributesFor } from '../../workflows/contracts/search-attributes';
import { lanePassTimeoutMs } from '../../workflows/lanes/contracts';
import {
  SCENARIO_RUN_LANE_WORKFLOW,
  scenarioRunLaneWorkflowId,
  scenarioRunsDueSignal,
  type ScenarioRunLaneInput,
} from '../../workflows/scenarios/contracts-run-lane';

const RECONNECT_DELAY_MS = 1000;

export interface ScenarioRunLaneDeps extends LaneWakeDeps {
  db: Knex;
  logger: Logger;
  config: Pick<Config, 'scenarioRunLane' | 'activityHeartbeatTimeoutSeconds' | 'temporalRpcTimeoutMs'>;
}

/**
 * A queued run this process waits for: `stored` resolves when a lane pass announces its outcome stored, with the
 * stored scenario when the announcement carried it (else the caller reads it).
 */
export interface QueuedRunWait {
  stored: Promise<ScenarioRecord | undefined>;
  cancel(): void;
}

/**
 * Quick runs through the tenant's run lane (SCENARIO_RUN_MODE=lane), for one API process: queues a stored run in
 * Postgres and wakes the tenant's lane through Temporal only when no pass is looking at the queue; hears of stored
 * outcomes on one LISTEN connection for the whole process (not one per waiting request).
 */
export function createScenarioRunLane(deps: ScenarioRunLaneDeps) {
  const waiting = new Map<string, Set<(stored: ScenarioRecord | undefined) => void>>();
  let listener: ChannelListener | undefined;
  let listening: Promise<void> | undefined;
  let closed = false;

  const announced = (payload: string | undefined) => {
    if (!payload) return;
    const space = payload.indexOf(' ');
    const key = space < 0 ? payload : payload.slice(0, space);
    const resolvers = waiting.get(key);
    if (!resolvers) return;
    waiting.delete(key);
    let stored: ScenarioRecord | undefined;
    try {
      stored = space < 0 ? undefined : scenarioFromText(payload.slice(space + 1));
    } catch (error) {
      deps.logger.warn({ err: error, run: key }, 'a stored run was announced with a scenario that does not parse');
    }
    for (const resolve of resolvers) resolve(stored);
  };
  // Until the LISTEN is in place no run is queued here (an announcement could come before it).
  const listen = (): Promise<void> =>
    (listening ??= (async () => {
      let lostOnce = false;
      listener = await listenOnChannel(deps.db, SCENARIO_RUN_STORED_CHANNEL, {
        notified: announced,
        lost: (error) => {
          // Once per lost connection; and closing ends it on purpose.
          if (lostOnce || closed) return;
          lostOnce = true;
          deps.logger.warn({ err: error }, 'the scenario run listener lost its connection; listening again');
          listener = undefined;
          // Requests waiting meanwhile answer with the run's state at their deadline.
          setTimeout(() => {
            listening = undefined;
            if (!closed) void listen().catch(() => undefined);
          }, RECONNECT_DELAY_MS).unref();
        },
      });
    })().catch((error: unknown) => {
      listening = undefined;
      throw error;
    }));

  const laneInput = (tenantId: string, taskQueue: string, sharedTaskQueue: string): ScenarioRunLaneInput => {
    const lane = deps.config.scenarioRunLane;
    return {
      tenantId,
      activityTaskQueue: outboundTaskQueue(taskQueue),
      idleSeconds: lane.idleSeconds,
      // A round executes its runs' models (at most the sandbox budget each) and stores them: a minute per round is ample.
      passTimeoutMs: lanePassTimeoutMs({
        passIntervalMs: lane.passIntervalMs,
        batchSize: 1,
        concurrency: 1,
        sendMs: 0,
      }),
      heartbeatTimeoutMs: deps.config.activityHeartbeatTimeoutSeconds * 1000,
      passesPerRun: 200,
      sharedTaskQueue,
    };
  };

  return {
    /**
     * Queues run `runNumber` of a stored scenario and, unless a pass is looking, wakes the tenant's lane (starting it
     * if need be). Throws if Postgres or Temporal refuses: the caller undoes the stored run.
     */
    async enqueue(run: { tenantId: string; scenarioId: string; runNumber: number }): Promise<QueuedRunWait> {
      await listen();
      const key = queuedRunKey(run);
      let resolver!: (stored: ScenarioRecord | undefined) => void;
      const stored = new Promise<ScenarioRecord | undefined>((resolve) => (resolver = resolve));
      let set = waiting.get(key);
      if (!set) waiting.set(key, (set = new Set()));
      set.add(resolver);
      const cancel = () => {
        const current = waiting.get(key);
        current?.delete(resolver);
        if (current?.size === 0) waiting.delete(key);
      };
      let queuedHere = false;
      try {
        const { passLooking } = await enqueueRun(deps.db, run.tenantId, run);
        queuedHere = true;
        if (!passLooking)
          await wakeLane(deps, {
            workflowType: SCENARIO_RUN_LANE_WORKFLOW,
            workflowId: scenarioRunLaneWorkflowId(run.tenantId),
            tenantId: run.tenantId,
            input: (taskQueue, shared) => laneInput(run.tenantId, taskQueue, shared),
            wakeSignal: scenarioRunsDueSignal,
            searchAttributes: searchAttributesFor(run.tenantId, 'scenario_run_lane', run.tenantId),
            memo: { tenant_id: run.tenantId },
          });
      } catch (error) {
        // A pass that ended just after the mark was read may have taken the run on its last look: then it is under
        // way (or stored) and is not undone; otherwise it leaves the queue and the caller undoes the stored run.
        // (If Postgres cannot say, the create is undone as before: the run recovery sweep covers a row left behind.)
        const taken = queuedHere && !(await withdrawQueuedRun(deps.db, run.tenantId, run).catch(() => true));
        if (!taken) {
          cancel();
          throw error;
        }
        deps.logger.info(
          { scenario_id: run.scenarioId, run_number: run.runNumber, err: error },
          'the run lane could not be woken, but a pass had already taken the run',
        );
      }
      return { stored, cancel };
    },
    async close(): Promise<void> {
      closed = true;
      await listening?.catch(() => undefined);
      await listener?.end().catch(() => undefined);
    },
  };
}

export type ScenarioRunLane = ReturnType<typeof createScenarioRunLane>;
