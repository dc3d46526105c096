import path from 'node:path';
import type { FieldError } from '../../core/app-error';
import { BudgetExceededError, createProcessPool, type ProcessPool } from '../../core/process-pool';
import { currentRequestWork, insideTransaction } from '../../core/work-scope';
import type { ApprovalStepInput } from '../../rules/decisions/approval-policy';
import type { TenantModelEvaluator } from '../../decision/catalogue';
import type { DatasetDefinition } from '../datasets';
import type { FieldMappingDefinition } from '../field-mapping';
import type { SandboxTasks } from './tasks';

export {
  BudgetExceededError,
  PoolBusyError,
  PoolTaskCancelledError,
  PoolTaskError,
  PoolUnavailableError,
} from '../../core/process-pool';

/**
 * Where tenant-supplied expressions run: never on the event loop of the API or the worker, always in a pool of child
 * processes (core/process-pool.ts) with a time budget per call (EXPRESSION_BUDGET_MS). A call that runs past it has
 * its process SIGKILLed and replaced, and rejects with `BudgetExceededError`, whose `at` names the expression that
 * was running (a JSON Pointer into what the tenant sent) where the task could say.
 *
 * One tenant must not hold up another's work: a call made while handling a request (core/work-scope.ts) is queued
 * under the request's tenant, tenants are served in turn, one tenant occupies at most `tenantRunning` processes and
 * has at most `tenantQueue` calls waiting or running (one more is refused at once: `PoolBusyError`, answered 429
 * `sandbox_busy`), a call waits at most `queueWaitMs` for a process (then 503 `sandbox_unavailable`), and a call
 * whose client disconnected is dropped, or its process killed and replaced. A call is refused outright inside a
 * database transaction: a transaction must not hold a pooled connection while the sandbox works (check, then write).
 */
export interface ExpressionSandboxConfig {
  /** Each call's budget: parse checks of a whole mapping, policy or graph; one condition; one page of records. */
  budgetMs: number;
  /** How many processes at most (each started when first needed). */
  processes: number;
  /** How many calls of one tenant may wait or run at once (EXPRESSION_SANDBOX_TENANT_QUEUE). */
  tenantQueue?: number;
  /** How many processes one tenant may occupy at once (EXPRESSION_SANDBOX_TENANT_RUNNING; default processes − 1). */
  tenantRunning?: number;
  /** How long a call may wait for a process (EXPRESSION_SANDBOX_QUEUE_WAIT_MS). */
  queueWaitMs?: number;
  /**
   * The processes' CPU niceness (EXPRESSION_SANDBOX_NICENESS, default 0): above 0, answering requests comes before a
   * busy or starting sandbox process on a contended core — and the sandbox's budgets, in wall time, stretch under load.
   */
  niceness?: number;
}

/** A sandbox call awaited inside a database transaction: a bug in the caller (check first, then open the transaction). */
export class SandboxInsideTransactionError extends Error {
  constructor(task: string) {
    super(`the expression sandbox (${task}) was called inside a database transaction; evaluate first, then write`);
    this.name = 'SandboxInsideTransactionError';
  }
}

export interface ExpressionSandbox {
  readonly budgetMs: number;
  run<K extends keyof SandboxTasks>(
    task: K,
    input: Parameters<SandboxTasks[K]>[0],
  ): Promise<Awaited<ReturnType<SandboxTasks[K]>>>;
  mappingProblems(
    mapping: FieldMappingDefinition,
    target: DatasetDefinition,
    sourceFields?: string[],
  ): Promise<FieldError[]>;
  prepareApprovalSteps(steps: ApprovalStepInput[]): ReturnType<SandboxTasks['prepareApprovalSteps']>;
  evaluateCondition(condition: string, metrics: Record<string, unknown>): Promise<boolean | null>;
  stats: ProcessPool['stats'];
  close(): Promise<void>;
}

/** The child module next to this one, .ts under tsx or .js once compiled. */
const CHILD_ENTRY = path.join(__dirname, `child${path.extname(__filename)}`);

export function createExpressionSandbox(
  config: ExpressionSandboxConfig,
  options: { onReplace?: (reason: string) => void } = {},
): ExpressionSandbox {
  const pool = createProcessPool({
    entry: CHILD_ENTRY,
    size: config.processes,
    budgetMs: config.budgetMs,
    name: 'expression sandbox',
    ...(config.tenantQueue !== undefined ? { keyQueueLimit: config.tenantQueue } : {}),
    ...(config.tenantRunning !== undefined ? { keyRunningLimit: config.tenantRunning } : {}),
    ...(config.queueWaitMs !== undefined ? { maxQueueWaitMs: config.queueWaitMs } : {}),
    onReplace: options.onReplace,
    ...(config.niceness ? { niceness: config.niceness } : {}),
  });
  const run: ExpressionSandbox['run'] = (task, input) => {
    if (insideTransaction()) return Promise.reject(new SandboxInsideTransactionError(task));
    const request = currentRequestWork();
    return pool.run(task, input, request ? { key: request.tenantId, signal: request.signal } : {});
  };
  return {
    budgetMs: config.budgetMs,
    run,
    mappingProblems: (mapping, target, sourceFields) =>
      run('mappingProblems', { mapping, target, ...(sourceFields ? { sourceFields } : {}) }),
    prepareApprovalSteps: (steps) => run('prepareApprovalSteps', { steps }),
    evaluateCondition: (condition, metrics) => run('evaluateCondition', { condition, metrics }),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** Tenant models' runs (scenarios, batches, the API's scenario runner) in the sandbox: see createModelCatalogue. */
export function sandboxedTenantModels(sandbox: ExpressionSandbox): TenantModelEvaluator {
  return (version, inputs) =>
    sandbox
      .run('runTenantModel', {
        key: `${version.modelId}@${version.version}#${version.graphSha256}`,
        graph: version.graph,
        inputs,
      })
      .catch((error: unknown) => {
        if (error instanceof BudgetExceededError)
          throw new Error(
            `the model's evaluation took longer than the ${error.budgetMs} ms budget for tenant expressions (EXPRESSION_BUDGET_MS)`,
          );
        throw error;
      });
}

/**
 * A budget breach as a field error: at the expression the sandbox was running (under `prefix`, where the request
 * carries what the sandbox was given), or at `fallback` when it could not say.
 */
export function budgetFieldError(error: BudgetExceededError, fallback: string, prefix = ''): FieldError {
  return {
    path: error.at !== undefined ? `${prefix}${error.at}` : fallback,
    message: `took longer than the ${error.budgetMs} ms budget for evaluating tenant expressions (EXPRESSION_BUDGET_MS); simplify it`,
  };
}
