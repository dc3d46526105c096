import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ApplicationFailure } from '@temporalio/common';
import { waitFor } from '../helpers/wait';
import {
  cancelReplaySignal,
  modelReplayWorkflowId,
  type FinishReplayInput,
  type ModelReplayInput,
  type ReplayBatchInput,
} from '../../workflows/models/contracts-replays';
import type { modelReplayWorkflow } from '../../workflows/models/model-replay';
import { startWorkflowTestEnvironment, type WorkflowTestEnvironment } from './workflow-environment';

/**
 * A model replay on a real Temporal (the workflow tier), its activities fakes: batches handed out with bounded
 * concurrency, continue-as-new between runs, cancellation and a batch that fails every attempt. What the batches
 * compute and store is tested in test/api/model-replays.test.ts.
 */

const QUEUE = `replays-${randomUUID()}`;

interface ReplayBook {
  batches: ReplayBatchInput[];
  finished: FinishReplayInput[];
  inFlight: number;
  mostInFlight: number;
  /** Batches wait for this before answering. */
  gate?: Promise<void>;
  /** This batch fails on every attempt. */
  failingBatch?: number;
}
const books = new Map<string, ReplayBook>();
const bookOf = (replayId: string): ReplayBook => {
  let book = books.get(replayId);
  if (!book) books.set(replayId, (book = { batches: [], finished: [], inFlight: 0, mostInFlight: 0 }));
  return book;
};

const activities = {
  async replayModelBatch(input: ReplayBatchInput): Promise<void> {
    const book = bookOf(input.replayId);
    book.inFlight += 1;
    book.mostInFlight = Math.max(book.mostInFlight, book.inFlight);
    try {
      await book.gate;
      // Long enough for another batch to be handed out meanwhile, were the concurrency not bounded.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (input.batchIndex === book.failingBatch)
        throw ApplicationFailure.retryable('the model could not be loaded', 'ModelLoadFailed');
      book.batches.push(input);
    } finally {
      book.inFlight -= 1;
    }
  },
  async finishModelReplay(input: FinishReplayInput): Promise<void> {
    bookOf(input.replayId).finished.push(input);
  },
};

// Each test has workflows (and fake activity records) of its own, so they run at once: most of their time is timers.
describe('model replay workflow (workflow tier: Temporal dev server, fake activities)', { concurrency: true }, () => {
  let tier: WorkflowTestEnvironment;

  before(async () => {
    tier = await startWorkflowTestEnvironment();
    await tier.startWorker(QUEUE, activities);
  });

  after(async () => {
    await tier?.teardown();
  });

  function start(overrides: Partial<ModelReplayInput>, prepare: (book: ReplayBook) => void = () => undefined) {
    const replayId = `rpl_${randomUUID()}`;
    prepare(bookOf(replayId));
    const input: ModelReplayInput = {
      tenantId: 'ten_workflow_tier',
      replayId,
      total: 10,
      batchSize: 3,
      concurrency: 2,
      retry: { initialIntervalMs: 100, maximumIntervalMs: 200, maximumAttempts: 2 },
      ...overrides,
    };
    return tier.env.client.workflow
      .start<typeof modelReplayWorkflow>('modelReplayWorkflow', {
        taskQueue: QUEUE,
        workflowId: modelReplayWorkflowId(replayId),
        args: [input],
      })
      .then((handle) => ({ replayId, handle, book: bookOf(replayId) }));
  }

  const ranges = (book: ReplayBook) =>
    book.batches.map((b) => [b.batchIndex, b.fromIndex, b.toIndex]).sort((a, b) => (a[0] as number) - (b[0] as number));

  it('hands out every batch once, at most `concurrency` at a time, then finishes once', async () => {
    const { handle, book, replayId } = await start({});
    await handle.result();
    assert.deepEqual(ranges(book), [
      [0, 0, 3],
      [1, 3, 6],
      [2, 6, 9],
      [3, 9, 10],
    ]);
    assert.ok(book.mostInFlight <= 2, `at most 2 batches at once, saw ${book.mostInFlight}`);
    assert.deepEqual(book.finished, [{ tenantId: 'ten_workflow_tier', replayId, outcome: 'completed' }]);
  });

  it('continues as new after `batchesPerRun`, carrying the next batch', async () => {
    const { handle, book } = await start({ total: 12, batchSize: 2, concurrency: 1, batchesPerRun: 2 });
    await handle.result();
    assert.deepEqual(
      ranges(book).map(([index]) => index),
      [0, 1, 2, 3, 4, 5],
    );
    assert.equal(book.finished.length, 1);
    assert.equal(book.finished[0]?.outcome, 'completed');
    // Visibility (what `list` reads) follows the history shortly after.
    const runsListed = async () => {
      let runs = 0;
      for await (const _ of tier.env.client.workflow.list({ query: `WorkflowId = '${handle.workflowId}'` })) runs += 1;
      return runs;
    };
    await waitFor('three runs listed (two batches per run)', async () => (await runsListed()) === 3, 30_000);
  });

  it('stops handing out batches on `cancelReplay`; those in flight finish, and the replay is cancelled', async () => {
    let open!: () => void;
    const { handle, book } = await start({ total: 30, batchSize: 3, concurrency: 2 }, (fresh) => {
      fresh.gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    });
    await waitFor('two batches in flight', async () => book.inFlight === 2);
    await handle.signal(cancelReplaySignal);
    open();
    await handle.result();
    assert.equal(book.finished.at(-1)?.outcome, 'cancelled');
    assert.equal(book.finished.length, 1);
    assert.ok(book.batches.length < 10, `stopped early (${book.batches.length} of 10 batches)`);
    assert.deepEqual(
      ranges(book)
        .slice(0, 2)
        .map(([index]) => index),
      [0, 1],
      'the batches in flight finished',
    );
  });

  it('fails the replay when a batch fails every attempt, after the batches in flight finish', async () => {
    const { handle, book } = await start({}, (fresh) => {
      fresh.failingBatch = 1;
    });
    await handle.result();
    assert.equal(book.finished.length, 1);
    assert.equal(book.finished[0]?.outcome, 'failed');
    assert.ok(!book.batches.some((b) => b.batchIndex === 1));
  });
});
