import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker, type WorkerOptions } from '@temporalio/worker';
import { buildWorkflowBundle } from '../../orchestration/workflow-bundle';
import { locateTemporalCli } from '../../scripts/stack/temporal';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/contracts/search-attributes';

/**
 * The workflow tier's Temporal: a dev server of the test file's own (`TestWorkflowEnvironment.createLocal` on the
 * CLI the local stack uses, in memory, the custom search attributes registered) and workers on it whose activities
 * are the test's fakes. No Postgres, no API.
 *
 * Not `createTimeSkipping()`: its test server is a binary the SDK downloads from temporal.download at run time, which
 * this machine cannot reach (docs/testing.md, "The workflow tier"). Timers therefore run in real time: tests give
 * durations of seconds and assert order and outcome, never that something happened before a wall-clock moment.
 */
export interface WorkflowTestEnvironment {
  env: TestWorkflowEnvironment;
  /** A worker on `taskQueue` running every registered workflow with these activities; stopped by `teardown`. */
  startWorker(taskQueue: string, activities: WorkerOptions['activities']): Promise<void>;
  teardown(): Promise<void>;
}

const SEARCH_ATTRIBUTE_TYPES: Record<string, SearchAttributeType> = { Keyword: SearchAttributeType.KEYWORD };

export async function startWorkflowTestEnvironment(): Promise<WorkflowTestEnvironment> {
  // TEMPORAL_CLI_PATH from the test launcher; else the CLI the local stack finds (PATH, the per-user cache).
  const cliPath = await locateTemporalCli({ temporalCliPath: process.env.TEMPORAL_CLI_PATH || undefined }, (message) =>
    console.error(message),
  );
  if (!cliPath)
    throw new Error('no Temporal CLI: set TEMPORAL_CLI_PATH or install Go so the local stack can build one');
  // The SDK's workers log every state change at INFO; warnings and errors are what a failing test needs.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: cliPath },
      ip: '127.0.0.1',
      searchAttributes: CUSTOM_SEARCH_ATTRIBUTES.map((attribute) => {
        const type = SEARCH_ATTRIBUTE_TYPES[attribute.type];
        if (!type) throw new Error(`search attribute type ${attribute.type} has no mapping here`);
        return defineSearchAttributeKey(attribute.name, type);
      }),
    },
  });
  // The launcher bundles the workflows once for every file (WORKFLOW_BUNDLE_PATH); run alone, this file bundles them.
  const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
  const workflowBundle = bundlePath ? { codePath: bundlePath } : { code: (await buildWorkflowBundle()).code };
  const running: Array<{ worker: Worker; done: Promise<void> }> = [];
  return {
    env,
    async startWorker(taskQueue, activities) {
      const worker = await Worker.create({
        connection: env.nativeConnection,
        namespace: 'default',
        taskQueue,
        workflowBundle,
        activities,
      });
      running.push({ worker, done: worker.run() });
    },
    async teardown() {
      for (const { worker } of running) worker.shutdown();
      await Promise.allSettled(running.map(({ done }) => done));
      await env.teardown();
    },
  };
}
