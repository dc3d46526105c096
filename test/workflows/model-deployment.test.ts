import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { saveRecordedHistory } from '../helpers/recorded-histories';
import { waitFor } from '../helpers/wait';
import {
  cancelDeploymentSignal,
  MODEL_DEPLOYMENT_WORKFLOW,
  modelDeploymentWorkflowId,
  type DeploymentStepInput,
  type DeploymentStepResult,
  type ModelDeploymentActivities,
  type ModelDeploymentInput,
} from '../../workflows/models/contracts-deployments';
import type { modelDeploymentWorkflow } from '../../workflows/models/model-deployment';
import { startWorkflowTestEnvironment, type WorkflowTestEnvironment } from './workflow-environment';

/**
 * A scheduled model deployment on a real Temporal (the workflow tier), its activities fakes: held until its instant,
 * activated once, ended at its end instant, cancelled while it waits, skipped when Postgres no longer holds it as
 * scheduled. What the activities write in Postgres is the HTTP tier's to test.
 *
 * The dev server's timers run in real time (test/workflows/workflow-environment.ts), so instants are seconds away and
 * the tests assert that a step never ran before its instant (a timer never fires early), never how soon after it ran.
 * A deployment days away is checked on the timer its workflow starts.
 */

const QUEUE = `deployments-${randomUUID()}`;
const TENANT = 'ten_workflow_tier';

interface DeploymentBook {
  steps: Array<{ step: 'activate' | 'end'; input: DeploymentStepInput; at: number }>;
  /** What activation answers; applied and active unless a test says otherwise. */
  activation: DeploymentStepResult;
}
const books = new Map<string, DeploymentBook>();
const bookOf = (deploymentId: string): DeploymentBook => {
  let book = books.get(deploymentId);
  if (!book) books.set(deploymentId, (book = { steps: [], activation: { applied: true, status: 'active' } }));
  return book;
};

const activities: ModelDeploymentActivities = {
  async activateModelDeployment(input) {
    const book = bookOf(input.deploymentId);
    book.steps.push({ step: 'activate', input, at: Date.now() });
    return book.activation;
  },
  async endModelDeployment(input) {
    bookOf(input.deploymentId).steps.push({ step: 'end', input, at: Date.now() });
    return { applied: true, status: 'ended' };
  },
};

/** The steps taken, in order (a fresh array: asserting on it narrows nothing in the book). */
const stepsOf = (book: DeploymentBook) => book.steps.map(({ step }) => step);
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

// Each test has workflows (and fake activity records) of its own, so they run at once: most of their time is timers.
describe(
  'model deployment workflow (workflow tier: Temporal dev server, fake activities)',
  { concurrency: true },
  () => {
    let tier: WorkflowTestEnvironment;

    before(async () => {
      tier = await startWorkflowTestEnvironment();
      await tier.startWorker(QUEUE, activities);
    });

    after(async () => {
      await tier?.teardown();
    });

    function start(
      overrides: Partial<ModelDeploymentInput>,
      prepare: (book: DeploymentBook) => void = () => undefined,
    ) {
      const deploymentId = `dep_${randomUUID()}`;
      prepare(bookOf(deploymentId));
      const input: ModelDeploymentInput = {
        tenantId: TENANT,
        deploymentId,
        effectiveFrom: inMs(2000),
        retry: { initialIntervalMs: 100, maximumIntervalMs: 200, maximumAttempts: 2 },
        ...overrides,
      };
      return tier.env.client.workflow
        .start<typeof modelDeploymentWorkflow>(MODEL_DEPLOYMENT_WORKFLOW, {
          taskQueue: QUEUE,
          workflowId: modelDeploymentWorkflowId(deploymentId),
          args: [input],
        })
        .then((handle) => ({ input, handle, book: bookOf(deploymentId) }));
    }

    it('holds a deployment 3 days off on one durable timer of 3 days, activating nothing meanwhile', async () => {
      const { handle, book } = await start({ effectiveFrom: inMs(3 * DAY_MS) });
      const timer = await waitFor('the timer started', async () => {
        const history = await handle.fetchHistory();
        return history.events?.find((event) => event.timerStartedEventAttributes)?.timerStartedEventAttributes;
      });
      const timerMs = Number(timer.startToFireTimeout?.seconds ?? 0) * 1000;
      // Measured from the workflow task's clock, a moment after the input was written.
      assert.ok(timerMs <= 3 * DAY_MS && timerMs > 3 * DAY_MS - 60_000, `a timer of ${timerMs} ms`);
      await tier.env.sleep(1000);
      assert.deepEqual(stepsOf(book), []);
      await handle.terminate('the test checked the timer');
    });

    it('activates once at its instant, never before, and ends `activated` without an end instant', async () => {
      const { input, handle, book } = await start({ effectiveFrom: inMs(3000) });
      await tier.env.sleep(1000);
      assert.deepEqual(stepsOf(book), [], 'nothing before the instant');
      assert.equal(await handle.result(), 'activated');
      assert.deepEqual(stepsOf(book), ['activate']);
      const [activation] = book.steps;
      assert.deepEqual(activation?.input, { tenantId: TENANT, deploymentId: input.deploymentId });
      assert.ok((activation?.at ?? 0) >= Date.parse(input.effectiveFrom), 'activated at or after its instant');
    });

    it('is cancelled by `cancelDeployment` before its instant, with no activity', async () => {
      const { handle, book } = await start({ effectiveFrom: inMs(60_000), effectiveUntil: inMs(120_000) });
      await waitFor('the workflow waiting on its timer', async () => {
        const history = await handle.fetchHistory();
        return history.events?.some((event) => event.timerStartedEventAttributes);
      });
      await handle.signal(cancelDeploymentSignal);
      assert.equal(await handle.result(), 'cancelled');
      assert.deepEqual(stepsOf(book), []);
    });

    it('with an end instant, activates at its instant and ends at its end, in that order', async () => {
      const { input, handle, book } = await start({ effectiveFrom: inMs(2000), effectiveUntil: inMs(4000) });
      assert.equal(await handle.result(), 'ended');
      assert.deepEqual(stepsOf(book), ['activate', 'end']);
      const [activation, end] = book.steps;
      assert.ok((activation?.at ?? 0) >= Date.parse(input.effectiveFrom), 'activated at or after its instant');
      assert.ok((end?.at ?? 0) >= Date.parse(input.effectiveUntil ?? ''), 'ended at or after its end instant');
      assert.deepEqual(end?.input, activation?.input);
      // With RECORD_MODEL_DEPLOYMENT_HISTORY=1 the run is saved for test/workflows/replay.test.ts (commit the file).
      if (process.env.RECORD_MODEL_DEPLOYMENT_HISTORY) {
        saveRecordedHistory(await handle.fetchHistory(), 'model-deployment-ended.json');
      }
    });

    it('with a backstop delay (a deployment clock records first), activates and ends that much after each instant', async () => {
      const backstopDelayMs = 1500;
      const { input, handle, book } = await start({
        effectiveFrom: inMs(1000),
        effectiveUntil: inMs(2000),
        backstopDelayMs,
      });
      assert.equal(await handle.result(), 'ended');
      assert.deepEqual(stepsOf(book), ['activate', 'end']);
      const [activation, end] = book.steps;
      assert.ok(
        (activation?.at ?? 0) >= Date.parse(input.effectiveFrom) + backstopDelayMs,
        'activated after the delay',
      );
      assert.ok((end?.at ?? 0) >= Date.parse(input.effectiveUntil ?? '') + backstopDelayMs, 'ended after the delay');
      const timers = ((await handle.fetchHistory()).events ?? [])
        .map((event) => event.timerStartedEventAttributes)
        .filter((timer) => timer !== undefined && timer !== null);
      assert.equal(timers.length, 2, 'one timer to the start, one to the end');
    });

    it('is `skipped` when activation finds it no longer scheduled, and never ends it', async () => {
      const { handle, book } = await start({ effectiveFrom: inMs(0), effectiveUntil: inMs(1000) }, (fresh) => {
        fresh.activation = { applied: false, status: 'cancelled' };
      });
      assert.equal(await handle.result(), 'skipped');
      assert.deepEqual(stepsOf(book), ['activate']);
    });

    it('carries on to its end when activation was already applied (an earlier attempt committed it)', async () => {
      const { handle, book } = await start({ effectiveFrom: inMs(0), effectiveUntil: inMs(1000) }, (fresh) => {
        fresh.activation = { applied: false, status: 'active' };
      });
      assert.equal(await handle.result(), 'ended');
      assert.deepEqual(stepsOf(book), ['activate', 'end']);
    });
  },
);
