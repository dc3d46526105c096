import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { EMPLOYEES_DATASET } from '../../integrations/datasets';
import { BudgetExceededError, createExpressionSandbox } from '../../integrations/expression-sandbox';
import type { FieldMappingDefinition } from '../../integrations/field-mapping';
import { PoolTaskError } from '../../core/process-pool';
import { ContentNotLoadedError, SANDBOX_TASKS, warmUpSandbox } from '../../integrations/expression-sandbox/tasks';
import { stepsThatApply } from '../../rules/decisions/approval-policy';
import { waitFor } from '../helpers/wait';
import { isProcessAlive } from '../../scripts/stack/processes';

/** The black-box probe's expression with ten times its bounds (~10¹⁰ engine steps): past the budget on any machine, at no more cost than the budget. */
const PATHOLOGICAL_EXPRESSION = 'sum(map([0..100000], sum(map([0..100000], #)))) * 0';

const mapping = (expression: string): FieldMappingDefinition => ({
  stream: 's',
  target: 'employees',
  fields: {
    employee_id: { source: 'id' },
    name: { source: 'first', transforms: [{ type: 'expression', expression }] },
  },
});

describe('expression sandbox (a pool of child processes with a budget per call)', () => {
  const sandbox = createExpressionSandbox({ budgetMs: 1000, processes: 2 });
  after(() => sandbox.close());

  it('evaluates in child processes and answers like the in-process code', async () => {
    assert.deepEqual(await sandbox.mappingProblems(mapping('value + "!"'), EMPLOYEES_DATASET), []);
    const problems = await sandbox.mappingProblems(mapping('value +'), EMPLOYEES_DATASET);
    assert.equal(problems[0]?.path, '/fields/name/transforms/0/expression');
    const [mapped] = await sandbox.run('mapRecords', {
      mapping: mapping('value + "!"'),
      target: EMPLOYEES_DATASET,
      records: [{ id: 7, first: 'Ada' }],
      mark: false,
    });
    assert.deepEqual(mapped?.record, { employee_id: '7', name: 'Ada!' });
    assert.ok(sandbox.stats().pids.every((pid) => pid !== process.pid));
  });

  it('kills a call that runs past its budget, names the expression, and replaces the process', async () => {
    await sandbox.mappingProblems(mapping('value'), EMPLOYEES_DATASET);
    const before = sandbox.stats();
    const started = process.hrtime.bigint();
    const error = await sandbox.mappingProblems(mapping(PATHOLOGICAL_EXPRESSION), EMPLOYEES_DATASET).then(
      () => assert.fail('the pathological expression finished within the budget'),
      (failure: unknown) => failure,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    assert.ok(error instanceof BudgetExceededError, String(error));
    assert.equal(error.at, '/fields/name/transforms/0/expression');
    assert.equal(error.budgetMs, 1000);
    console.log(`budget breach answered after ${seconds.toFixed(2)} s (budget 1 s)`);
    assert.equal(sandbox.stats().replaced, before.replaced + 1);
    // The killed process is gone at once (its core is free), and the pool still answers.
    const killed = before.pids.filter((pid) => !sandbox.stats().pids.includes(pid));
    assert.equal(killed.length, 1);
    await waitFor('the killed sandbox process to be gone', async () => !isProcessAlive(killed[0] as number), 10_000);
    assert.deepEqual(await sandbox.mappingProblems(mapping('value * 2'), EMPLOYEES_DATASET), []);
  });

  it('runs calls concurrently on every process and queues the rest', async () => {
    const calls = Array.from({ length: 8 }, (_, index) => sandbox.evaluateCondition(`total > ${index}`, { total: 4 }));
    assert.deepEqual(await Promise.all(calls), [true, true, true, true, false, false, false, false]);
    // Two running at most, and one spare started to stand in for a killed one.
    assert.ok(sandbox.stats().processes <= 3);
    // One call over budget does not fail the others queued beside it.
    const mixed = await Promise.allSettled([
      sandbox.evaluateCondition(PATHOLOGICAL_EXPRESSION, {}),
      sandbox.evaluateCondition('a == 1', { a: 1 }),
      sandbox.evaluateCondition('a == 1', { a: 2 }),
    ]);
    assert.equal(mixed[0].status, 'rejected');
    assert.ok((mixed[0] as PromiseRejectedResult).reason instanceof BudgetExceededError);
    assert.deepEqual(
      mixed.slice(1).map((result) => (result as PromiseFulfilledResult<unknown>).value),
      [true, false],
    );
  });

  it("counts a decision's step condition past the budget as one that cannot be evaluated: the step applies", async () => {
    const applies = await stepsThatApply(
      [{ condition: PATHOLOGICAL_EXPRESSION }, { condition: 'total > 5' }, { condition: null }],
      { total: 4 },
      sandbox.evaluateCondition,
    );
    assert.deepEqual(applies, [true, false, true]);
  });

  it('carries an error thrown in the child back to the caller', async () => {
    const broken: FieldMappingDefinition = {
      stream: 's',
      target: 'employees',
      fields: { employee_id: { source: 'id', transforms: [{ type: 'date_format', format: 'QQ' }] } },
    };
    const error = await sandbox
      .run('mapRecords', { mapping: broken, target: EMPLOYEES_DATASET, records: [{ id: 1 }], mark: false })
      .then(
        () => assert.fail('expected the compile error'),
        (failure: unknown) => failure,
      );
    assert.ok(error instanceof PoolTaskError);
    assert.match(error.message, /date format "QQ"/);
  });

  it('refuses work once closed', async () => {
    const closing = createExpressionSandbox({ budgetMs: 1000, processes: 1 });
    assert.equal(await closing.evaluateCondition('1 < 2', {}), true);
    const pids = closing.stats().pids;
    await closing.close();
    assert.ok(pids.every((pid) => !isProcessAlive(pid)));
    await assert.rejects(closing.evaluateCondition('1 < 2', {}), /closed/);
  });
});

describe('expression sandbox: a process warms up before its first task', () => {
  it('evaluates a model of each format and a condition, and leaves nothing of its own compiled', async () => {
    await warmUpSandbox();
    // The warm-up's content is not kept under its key: a call naming that key without content is told to send it.
    await assert.rejects(
      SANDBOX_TASKS.evaluateTenantModelItems({ key: 'warm-up', items: [{ input: 'a' }], trace: false }),
      ContentNotLoadedError,
    );
  });
});
