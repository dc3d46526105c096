import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { discountModelBody } from '../fixtures/model-bodies';
import { publishForTest } from '../helpers/model-release';
import { createSignInClient, type Person } from '../helpers/people';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Issue #37 item 11: a re-run (PATCH of inputs) is credited to whoever asked for it (`run_by`, per run), and a draft
 * run never moves to the published version silently: without `model_version` it runs its draft version again, which
 * only the draft's author may do; anyone else is refused with a 422 naming `/model_version`.
 */
describe('scenario re-runs: who re-ran it, and a draft run keeps its draft', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  const people = {} as Record<'author' | 'colleague', Person>;

  const as = (who: Person | TestTenant) => ('token' in who ? who.token : who.key);
  const api = (method: string, path: string, who: Person | TestTenant, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: as(who), body });

  /** The scenario once its current run has finished (a busy machine may answer before it has), which must have completed. */
  const finished = async (response: { status: number; body: any }) => {
    assert.ok([200, 201, 202].includes(response.status), JSON.stringify(response.body));
    const body = await waitFor('the run to finish', async () => {
      const polled = await api('GET', `/scenarios/${response.body.id}`, tenant);
      return ['running', 'pending'].includes(polled.body.status) ? undefined : polled.body;
    });
    assert.equal(body.status, 'completed', JSON.stringify(body));
    return body;
  };

  before(async () => {
    // A budget well above what the uploads and runs here take on a loaded machine (the budget is not what is tested).
    stack = await startTestStack({ worker: true, env: { EXPRESSION_BUDGET_MS: '15000' } });
    tenant = await createTestTenant(stack.db, { name: 'Re-runs' });
    const signIn = await createSignInClient(stack, tenant.key, [
      'models:read',
      'models:write',
      'scenarios:read',
      'scenarios:write',
    ]);
    people.author = await signIn.person('author', tenant.id, 'analyst');
    people.colleague = await signIn.person('colleague', tenant.id, 'analyst');
  });
  after(async () => stack?.close());

  it('keeps the draft for its author, refuses it to a colleague naming model_version, and credits each run to who asked for it', async () => {
    const created = await api('POST', '/models', people.author, discountModelBody('Re-run discount'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const model = created.body.id as string;
    await publishForTest({ stack, tenant }, model, 1);
    // Version 2: the author's draft, different from the published version 1 (silver bulk orders get 0.15, not 0.1).
    const next = discountModelBody('x');
    (next.graph.nodes as any[])
      .find((n) => n.type === 'decisionTableNode')
      .content.rules.find((r: any) => r._id === 'silver-bulk').rate = '0.15';
    const draft = await api('POST', `/models/${model}/versions`, people.author, {
      input_schema: next.input_schema,
      output_schema: next.output_schema,
      graph: next.graph,
      sample_inputs: next.sample_inputs,
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    assert.equal(draft.body.version, '2');

    const trial = await finished(
      await api('POST', '/scenarios', people.author, {
        model_id: model,
        model_version: '2',
        inputs: { tier: 'silver', quantity: 150 },
      }),
    );
    assert.deepEqual([trial.draft_run, trial.model_version, trial.metrics['discount.rate']], [true, '2', 0.15]);
    assert.equal(trial.run_by.id, people.author.id);
    const id = trial.id as string;

    // The author changes the inputs: the same draft version runs again (not the published version 1).
    const own = await finished(await api('PATCH', `/scenarios/${id}`, people.author, { inputs: { quantity: 200 } }));
    assert.deepEqual(
      [own.run_number, own.model_version, own.draft_run, own.metrics['discount.rate']],
      [2, '2', true, 0.15],
    );
    assert.equal(own.run_by.id, people.author.id);

    // A colleague may not run the author's draft: refused, naming model_version, and nothing runs.
    const refused = await api('PATCH', `/scenarios/${id}`, people.colleague, { inputs: { quantity: 300 } });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(
      refused.body.errors.map((e: { path: string }) => e.path),
      ['/model_version'],
    );
    assert.match(refused.body.errors[0].message, /draft run of version 2/);
    const unchanged = await api('GET', `/scenarios/${id}`, tenant);
    assert.deepEqual(
      [unchanged.body.run_number, unchanged.body.model_version, unchanged.body.inputs.quantity],
      [2, '2', 200],
    );

    // Naming the published version, the colleague re-runs it: no longer a draft run, credited to the colleague.
    const onPublished = await finished(
      await api('PATCH', `/scenarios/${id}`, people.colleague, { inputs: { quantity: 300 }, model_version: '1' }),
    );
    assert.deepEqual(
      [onPublished.run_number, onPublished.model_version, onPublished.draft_run, onPublished.metrics['discount.rate']],
      [3, '1', false, 0.1],
    );
    assert.equal(onPublished.run_by.id, people.colleague.id);
    assert.equal(onPublished.created_by.id, people.author.id, "the scenario stays the author's");

    const runs = await api('GET', `/scenarios/${id}/runs`, tenant);
    assert.equal(runs.status, 200, JSON.stringify(runs.body));
    assert.deepEqual(
      runs.body.data.map((run: { run_number: number; run_by: { id: string } }) => [run.run_number, run.run_by.id]),
      [
        [3, people.colleague.id],
        [2, people.author.id],
        [1, people.author.id],
      ],
    );
  });
});
