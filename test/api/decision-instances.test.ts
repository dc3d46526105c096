import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { newIdAt } from '../../core/ids';
import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { insertDecisionInstances, listInstancePartitions } from '../../db/repositories/decision-instances';
import { runInstanceRetention } from '../../worker/instance-retention';
import { publishForTest } from '../helpers/model-release';
import { waitFor } from '../helpers/wait';
import { discountModelBody, STAFFING_MODEL_ID, staffingInputs } from '../fixtures/model-bodies';
import {
  call,
  createTestTenant,
  spawnApiProcess,
  type TestStack,
  type TestTenant,
  useTestStackWithTenant,
} from '../helpers/stack';

const run = promisify(execFile);

/** Decision instances: recording by policy, search, traces, rule hits, receipts, retention and legal holds. */
describe('decision instances', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (who: TestTenant, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    call(stack.baseUrl, method, url, {
      key: who.key,
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
  const createModel = async (who: TestTenant, name: string) => {
    const created = await api(who, 'POST', '/api/v1/models', discountModelBody(name));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const evaluate = (who: TestTenant, id: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    api(who, 'POST', `/api/v1/models/${id}/evaluate`, { version: '1', ...body }, headers);
  const search = async (who: TestTenant, query: string) => {
    const answer = await api(who, 'GET', `/api/v1/decision-instances?${query}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data as any[];
  };
  /** Buffered instances are written within the flush interval: wait until `count` are found. */
  const eventually = async (who: TestTenant, query: string, count: number) => {
    for (let attempt = 0; ; attempt++) {
      const found = await search(who, `${query}&limit=100`);
      if (found.length >= count || attempt > 100) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('records nothing by default, every evaluation with `all`, and each one with its hits, inputs and caller', async () => {
    const id = await createModel(tenant, 'Recorded discount');
    const off = await evaluate(tenant, id, { inputs: { tier: 'gold', quantity: 150 }, correlation_id: 'off-1' });
    assert.equal(off.status, 200);
    assert.equal(off.body.instance_id, undefined);

    const patched = await api(tenant, 'PATCH', `/api/v1/models/${id}`, {
      record_evaluations: 'all',
      record_guarantee: 'durable',
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(patched.body.recording, { record_evaluations: 'all', record_guarantee: 'durable' });

    const single = await evaluate(
      tenant,
      id,
      { inputs: { tier: 'gold', quantity: 150 }, correlation_id: 'customer-4711' },
      { 'idempotency-key': 'eval-4711' },
    );
    assert.equal(single.status, 200, JSON.stringify(single.body));
    assert.match(single.body.instance_id, /^din_[0-9a-z]{26}$/);
    const batch = await evaluate(tenant, id, {
      correlation_id: 'batch-default',
      items: [
        { inputs: { tier: 'silver', quantity: 10 }, correlation_id: 'customer-1' },
        { inputs: { tier: 'bronze', quantity: 600 } },
        { inputs: { tier: 'platinum', quantity: 1 } },
      ],
    });
    assert.equal(batch.status, 200);
    assert.match(batch.body.results[0].instance_id, /^din_/);
    assert.match(batch.body.results[1].instance_id, /^din_/);
    // An item refused by the schema was never evaluated: nothing recorded.
    assert.equal(batch.body.results[2].error.code, 'validation_failed');
    assert.equal(batch.body.results[2].instance_id, undefined);

    // Durable: found at once, by id, with everything the evaluation had.
    const got = await api(tenant, 'GET', `/api/v1/decision-instances/${single.body.instance_id}`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.equal(got.body.object, 'decision_instance');
    assert.equal(got.body.model_id, id);
    assert.equal(got.body.version, '1');
    assert.equal(got.body.format, 'jdm');
    assert.equal(got.body.source, 'evaluate');
    assert.deepEqual(got.body.caller, { type: 'api_key', id: tenant.keyId });
    assert.equal(got.body.idempotency_key, 'eval-4711');
    assert.equal(got.body.correlation_id, 'customer-4711');
    assert.deepEqual(got.body.inputs, { tier: 'gold', quantity: 150 });
    assert.equal(got.body.inputs_sha256, sha256Hex(canonicalJson({ tier: 'gold', quantity: 150 })));
    assert.deepEqual(got.body.outputs, single.body.outputs);
    assert.deepEqual(got.body.hits, [{ node_id: 'discount-table', rules: ['gold-bulk'] }]);
    assert.equal(got.body.status, 'succeeded');
    assert.equal(got.body.legal_hold, false);
    assert.equal(got.body.trace, null);
    // Traced again on its kept inputs: the matched rule lit, the outputs reproduced.
    const traced = await api(tenant, 'GET', `/api/v1/decision-instances/${single.body.instance_id}?trace=true`);
    assert.equal(traced.status, 200);
    assert.equal(traced.body.reproduced, true);
    const table = traced.body.trace.find((step: any) => step.node_id === 'discount-table');
    assert.deepEqual(table.matched_rules, [{ index: 0, id: 'gold-bulk' }]);

    // Search by each filter.
    assert.deepEqual(
      (await search(tenant, 'correlation_id=customer-4711')).map((i) => i.id),
      [single.body.instance_id],
    );
    assert.deepEqual(
      (await search(tenant, 'correlation_id=batch-default')).map((i) => i.id),
      [batch.body.results[1].instance_id],
    );
    const byModel = await search(tenant, `model_id=${id}&version=1`);
    assert.equal(byModel.length, 3);
    assert.deepEqual(
      byModel.map((i) => i.id),
      [...byModel.map((i) => i.id)].sort().reverse(),
      'newest first',
    );
    assert.deepEqual(
      (await search(tenant, `model_id=${id}&rule=discount-table:very-large`)).map((i) => i.id),
      [batch.body.results[1].instance_id],
    );
    assert.deepEqual(
      (await search(tenant, `model_id=${id}&output[segment]=silver`)).map((i) => i.id),
      [batch.body.results[0].instance_id],
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    assert.equal((await search(tenant, `model_id=${id}&from=${encodeURIComponent(future)}`)).length, 0);
    assert.equal((await search(tenant, `model_id=${id}&to=${encodeURIComponent(future)}`)).length, 3);
    assert.equal((await search(tenant, `model_id=${id}&status=failed`)).length, 0);
    assert.equal((await search(tenant, `model_id=${id}&source=evaluate`)).length, 3);
    // Pages follow the cursor.
    const first = await api(tenant, 'GET', `/api/v1/decision-instances?model_id=${id}&limit=2`);
    assert.equal(first.body.data.length, 2);
    const second = await api(
      tenant,
      'GET',
      `/api/v1/decision-instances?model_id=${id}&limit=2&cursor=${first.body.next_cursor}`,
    );
    assert.equal(second.body.data.length, 1);
    assert.equal(second.body.next_cursor, null);

    // Rule hits equal the instances recorded.
    const hits = await api(tenant, 'GET', `/api/v1/models/${id}/versions/1/rule-hits?bucket=hour`);
    assert.equal(hits.status, 200, JSON.stringify(hits.body));
    assert.equal(hits.body.evaluations, 3);
    const rules = Object.fromEntries(hits.body.nodes[0].rules.map((r: any) => [r.rule, r.hits]));
    assert.deepEqual(rules, { 'gold-bulk': 1, gold: 0, 'silver-bulk': 0, silver: 1, 'very-large': 1, default: 0 });
    assert.deepEqual(
      hits.body.never_hit.map((r: any) => r.rule),
      ['gold', 'silver-bulk', 'default'],
    );
    assert.equal(hits.body.series.length, 1);
    assert.equal(hits.body.series[0].evaluations, 3);
  });

  it('keeps only the hash of inputs when told to, and records buffered instances within the flush interval', async () => {
    const id = await createModel(tenant, 'Hashed inputs');
    assert.equal(
      (await api(tenant, 'PATCH', `/api/v1/models/${id}`, { record_evaluations: 'all', record_inputs: false })).status,
      200,
    );
    const answer = await evaluate(tenant, id, {
      inputs: { tier: 'silver', quantity: 150 },
      correlation_id: 'private-1',
    });
    assert.equal(answer.status, 200);
    const [found] = await eventually(tenant, 'correlation_id=private-1', 1);
    assert.equal(found.id, answer.body.instance_id);
    assert.equal(found.inputs, null);
    assert.equal(found.inputs_kept, false);
    assert.equal(found.inputs_sha256, sha256Hex(canonicalJson({ tier: 'silver', quantity: 150 })));
    assert.deepEqual(found.hits, [{ node_id: 'discount-table', rules: ['silver-bulk'] }]);
  });

  it('samples at the rate set, within its statistical bounds', async () => {
    const id = await createModel(tenant, 'Sampled');
    const rejected = await api(tenant, 'PATCH', `/api/v1/models/${id}`, { record_evaluations: 'sampled' });
    assert.equal(rejected.status, 422);
    assert.equal(rejected.body.errors[0].path, '/record_sample_rate');
    const ok = await api(tenant, 'PATCH', `/api/v1/models/${id}`, {
      record_evaluations: 'sampled',
      record_sample_rate: 0.25,
      record_guarantee: 'durable',
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const items = Array.from({ length: 1000 }, (_, n) => ({ inputs: { tier: 'gold', quantity: 1 + n } }));
    const batch = await evaluate(tenant, id, { items, correlation_id: 'sampled-batch' });
    assert.equal(batch.status, 200);
    const recorded = batch.body.results.filter((r: any) => r.instance_id).length;
    // Binomial(1000, 0.25): mean 250, sd 13.7; ±6 sd.
    assert.ok(recorded > 168 && recorded < 332, `${recorded} of 1000 recorded at 0.25`);
    const hits = await api(tenant, 'GET', `/api/v1/models/${id}/versions/1/rule-hits`);
    assert.equal(hits.body.evaluations, recorded);
  });

  it('answers a receipt a third party verifies offline with the published keys, and refuses a tampered one', async () => {
    const id = await createModel(tenant, 'Receipts');
    const inputs = { tier: 'gold', quantity: 150 };
    const answer = await evaluate(tenant, id, { inputs, receipt: true, correlation_id: 'receipt-1' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match(answer.body.receipt, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Recorded (durably) although the model records nothing by policy.
    const stored = await api(tenant, 'GET', `/api/v1/decision-instances/${answer.body.instance_id}`);
    assert.equal(stored.status, 200);
    assert.equal(stored.body.receipt, answer.body.receipt);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-'));
    try {
      const jwks = await call(stack.baseUrl, 'GET', '/.well-known/audit-jwks.json');
      fs.writeFileSync(path.join(dir, 'jwks.json'), JSON.stringify(jwks.body));
      fs.writeFileSync(path.join(dir, 'receipt.jws'), answer.body.receipt);
      fs.writeFileSync(path.join(dir, 'inputs.json'), JSON.stringify({ quantity: 150, tier: 'gold' }));
      const script = path.join(__dirname, '../../scripts/verify-decision-receipt.mjs');
      const verified = await run(process.execPath, [
        script,
        path.join(dir, 'jwks.json'),
        path.join(dir, 'receipt.jws'),
        path.join(dir, 'inputs.json'),
      ]);
      const receipt = JSON.parse(verified.stdout.slice(0, verified.stdout.lastIndexOf('}') + 1));
      assert.equal(receipt.instance_id, answer.body.instance_id);
      assert.equal(receipt.model_id, id);
      assert.deepEqual(receipt.outputs, answer.body.outputs);
      assert.deepEqual(receipt.hits, [{ node_id: 'discount-table', rules: ['gold-bulk'] }]);
      assert.equal(receipt.correlation_id, 'receipt-1');

      // Tampered: one output changed in the payload.
      const [header, payload, signature] = answer.body.receipt.split('.');
      const forged = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      forged.outputs.discount.rate = 0.5;
      fs.writeFileSync(
        path.join(dir, 'forged.jws'),
        `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`,
      );
      await assert.rejects(
        run(process.execPath, [script, path.join(dir, 'jwks.json'), path.join(dir, 'forged.jws')]),
        (error: { code?: number; stderr?: string }) =>
          error.code === 1 && /signature does not verify/.test(error.stderr ?? ''),
      );
      // Other inputs than the receipt's.
      fs.writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ tier: 'gold', quantity: 151 }));
      await assert.rejects(
        run(process.execPath, [
          script,
          path.join(dir, 'jwks.json'),
          path.join(dir, 'receipt.jws'),
          path.join(dir, 'other.json'),
        ]),
        (error: { code?: number; stderr?: string }) =>
          error.code === 1 && /inputs do not match/.test(error.stderr ?? ''),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps every tenant's instances invisible to every other: 404 by id, nothing by correlation id or model", async () => {
    const other = await createTestTenant(stack.db);
    const id = await createModel(tenant, 'Isolated');
    await api(tenant, 'PATCH', `/api/v1/models/${id}`, { record_evaluations: 'all', record_guarantee: 'durable' });
    const mine = await evaluate(tenant, id, { inputs: { tier: 'gold', quantity: 2 }, correlation_id: 'shared-case' });
    assert.equal(mine.status, 200);
    assert.equal((await api(other, 'GET', `/api/v1/decision-instances/${mine.body.instance_id}`)).status, 404);
    assert.equal((await search(other, 'correlation_id=shared-case')).length, 0);
    assert.equal((await search(other, `model_id=${id}`)).length, 0);
    assert.equal((await api(other, 'GET', `/api/v1/models/${id}/versions/1/rule-hits`)).status, 404);
    assert.equal((await api(other, 'PUT', `/api/v1/models/${id}/legal-hold`, { reason: 'x' })).status, 404);
    assert.equal((await search(tenant, 'correlation_id=shared-case')).length, 1);
  });

  it('follows the tenant default for built-in models and models that set nothing', async () => {
    const settings = await api(tenant, 'PATCH', '/api/v1/model-settings', {
      record_evaluations: 'all',
      record_guarantee: 'durable',
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    assert.equal(settings.body.record_evaluations, 'all');
    try {
      const answer = await api(tenant, 'POST', `/api/v1/models/${STAFFING_MODEL_ID}/evaluate`, {
        inputs: staffingInputs,
        correlation_id: 'builtin-1',
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const [found] = await search(tenant, 'correlation_id=builtin-1');
      assert.equal(found.id, answer.body.instance_id);
      assert.equal(found.format, 'builtin');
      assert.deepEqual(found.hits, []);
    } finally {
      await api(tenant, 'PATCH', '/api/v1/model-settings', { record_evaluations: null, record_guarantee: null });
    }
    const after = await api(tenant, 'POST', `/api/v1/models/${STAFFING_MODEL_ID}/evaluate`, { inputs: staffingInputs });
    assert.equal(after.body.instance_id, undefined);
  });

  it('drops a month whose instances expired, after moving those of a model under a legal hold out of it', async () => {
    const held = await createModel(tenant, 'Held');
    const free = await createModel(tenant, 'Free');
    const hold = await api(tenant, 'PUT', `/api/v1/models/${held}/legal-hold`, { reason: 'Litigation 2026-114' });
    assert.equal(hold.status, 200, JSON.stringify(hold.body));
    assert.equal(hold.body.legal_hold.reason, 'Litigation 2026-114');
    // A history from 2001 (30-day retention: expired long ago), written through the recorder's own write path.
    const at = Date.parse('2001-03-07T10:00:00Z');
    const seeded = (modelId: string) => ({
      id: newIdAt('decisionInstance', at),
      tenant_id: tenant.id,
      model_id: modelId,
      version: '1',
      format: 'jdm' as const,
      source: 'evaluate' as const,
      caller: { type: 'api_key' as const, id: tenant.keyId },
      idempotency_key: null,
      correlation_id: `seeded-${modelId}`,
      inputs: { tier: 'gold', quantity: 1 },
      inputs_sha256: sha256Hex(canonicalJson({ tier: 'gold', quantity: 1 })),
      outputs: { discount: { rate: 0.1 }, segment: 'gold' },
      hits: [{ node_id: 'discount-table', rules: ['gold'] }],
      status: 'succeeded' as const,
      error: null,
      duration_ms: 0.1,
      evaluated_at: new Date(at),
      receipt: null,
    });
    await stack.db('model_settings').insert({ tenant_id: tenant.id }).onConflict('tenant_id').ignore();
    await stack.db('model_settings').where({ tenant_id: tenant.id }).update({ decision_instance_retention_days: 30 });
    try {
      await insertDecisionInstances(stack.db, [seeded(held), seeded(free)]);
      const month = '2001-04-01'; // 2001-03-07 + 30 days = 2001-04-06
      assert.ok((await listInstancePartitions(stack.db)).some((p) => p.start === month));
      assert.equal((await search(tenant, `correlation_id=seeded-${free}`)).length, 1);

      const pass = await runInstanceRetention(stack.db);
      assert.ok(pass.dropped.includes(month), JSON.stringify(pass));
      // Each dropped month reports its detach and drop times (the operator's log line and the bench read them).
      assert.deepEqual(
        pass.timings.map((timing) => timing.month),
        pass.dropped,
      );
      assert.ok(pass.timings.every((timing) => timing.detach_ms >= 0 && timing.drop_ms > 0));
      assert.ok(!(await listInstancePartitions(stack.db)).some((p) => p.start === month));
      assert.equal((await search(tenant, `correlation_id=seeded-${free}`)).length, 0);
      const [kept] = await search(tenant, `correlation_id=seeded-${held}`);
      assert.equal(kept.legal_hold, true);
      assert.equal(kept.expires_on, null);

      // Lifted: back under retention (long past it: into this month, dropped when the month is over).
      const lifted = await api(tenant, 'DELETE', `/api/v1/models/${held}/legal-hold`);
      assert.equal(lifted.status, 200);
      assert.equal(lifted.body.legal_hold, null);
      const again = await runInstanceRetention(stack.db);
      assert.ok(again.released >= 1);
      const [released] = await search(tenant, `correlation_id=seeded-${held}`);
      assert.equal(released.legal_hold, false);
      assert.equal(released.expires_on, new Date().toISOString().slice(0, 10));
      const audit = await api(tenant, 'GET', `/api/v1/audit-log?resource_id=${held}`);
      const actions = audit.body.data.map((r: any) => r.action);
      assert.ok(actions.includes('model.legal_hold_placed') && actions.includes('model.legal_hold_lifted'));
    } finally {
      await stack
        .db('model_settings')
        .where({ tenant_id: tenant.id })
        .update({ decision_instance_retention_days: null });
    }
  });

  it('refuses bad input on every new operation with a 422 naming the field, storing nothing', async () => {
    const id = await createModel(tenant, 'Bad input');
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', `/api/v1/models/${id}`, { record_evaluations: 'sometimes' }, '/record_evaluations'],
      ['PATCH', `/api/v1/models/${id}`, { record_sample_rate: 0 }, '/record_sample_rate'],
      ['PATCH', `/api/v1/models/${id}`, { record_sample_rate: 0.5 }, '/record_sample_rate'],
      ['PATCH', `/api/v1/models/${id}`, { record_guarantee: 'eventually' }, '/record_guarantee'],
      ['PATCH', '/api/v1/model-settings', { decision_instance_retention_days: 0 }, '/decision_instance_retention_days'],
      ['PATCH', '/api/v1/model-settings', { record_inputs: 'no' }, '/record_inputs'],
      ['PUT', `/api/v1/models/${id}/legal-hold`, { reason: '' }, '/reason'],
      [
        'POST',
        `/api/v1/models/${id}/evaluate`,
        { inputs: { tier: 'gold', quantity: 1 }, version: '1', correlation_id: '' },
        '/correlation_id',
      ],
      [
        'POST',
        `/api/v1/models/${id}/evaluate`,
        { inputs: { tier: 'gold', quantity: 1 }, version: '1', receipt: 'yes' },
        '/receipt',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const answer = await api(tenant, method, url, body);
      assert.equal(answer.status, 422, `${method} ${url} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      assert.ok(
        answer.body.errors.some((e: { path: string }) => e.path === field),
        `${JSON.stringify(body)} → ${JSON.stringify(answer.body.errors)}`,
      );
    }
    const model = await api(tenant, 'GET', `/api/v1/models/${id}`);
    assert.deepEqual(model.body.recording, {});
    const queries: Array<[string, string]> = [
      ['from=yesterday', '/query/from'],
      ['status=unknown', '/query/status'],
      ['source=elsewhere', '/query/source'],
      ['version=1', '/query/version'],
      ['rule=nocolon', '/query/rule'],
      [`from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, '/query/to'],
    ];
    for (const [query, field] of queries) {
      const answer = await api(tenant, 'GET', `/api/v1/decision-instances?${query}`);
      assert.ok([400, 422].includes(answer.status), `${query}: ${answer.status}`);
      assert.ok(
        answer.body.errors.some((e: { path: string }) => e.path === field),
        `${query} → ${JSON.stringify(answer.body)}`,
      );
    }
    const hits = await api(
      tenant,
      'GET',
      `/api/v1/models/${id}/versions/1/rule-hits?bucket=hour&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z`,
    );
    assert.equal(hits.status, 422);
    assert.equal(hits.body.errors[0].path, '/query/from');
    assert.equal((await api(tenant, 'GET', '/api/v1/decision-instances/din_nope')).status, 404);
  });
});

describe('decision instances when an API process is killed', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  it('keeps every instance promised durable, and loses only buffered ones recorded after the last durable answer', async () => {
    // Buffered instances wait a minute here, so what a kill loses is visible; a durable answer writes the queue's front.
    const api = await spawnApiProcess(stack, { DECISION_INSTANCE_FLUSH_MS: '60000' });
    const send = (id: string, body: Record<string, unknown>) =>
      call(api.baseUrl, 'POST', `/api/v1/models/${id}/evaluate`, { key: tenant.key, body: { version: '1', ...body } });
    const model = async (name: string, policy: Record<string, unknown>) => {
      const created = await call(stack.baseUrl, 'POST', '/api/v1/models', {
        key: tenant.key,
        body: discountModelBody(name),
      });
      const patched = await call(stack.baseUrl, 'PATCH', `/api/v1/models/${created.body.id}`, {
        key: tenant.key,
        body: policy,
      });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      return created.body.id as string;
    };
    const durableModel = await model('Durable', { record_evaluations: 'all', record_guarantee: 'durable' });
    const bufferedModel = await model('Buffered', { record_evaluations: 'all' });
    const stored = async (ids: string[]) =>
      new Set(
        ((await stack.db('decision_instances').whereIn('id', ids).select('id')) as Array<{ id: string }>).map(
          (r) => r.id,
        ),
      );
    try {
      const early: string[] = [];
      for (let n = 0; n < 20; n++)
        early.push((await send(bufferedModel, { inputs: { tier: 'gold', quantity: n + 1 } })).body.instance_id);
      const witness = await send(durableModel, { inputs: { tier: 'silver', quantity: 5 } });
      assert.equal(witness.status, 200);
      const late: string[] = [];
      for (let n = 0; n < 15; n++)
        late.push((await send(bufferedModel, { inputs: { tier: 'bronze', quantity: n + 1 } })).body.instance_id);
      assert.equal((await stored(late)).size, 0, 'buffered instances wait for the flush interval');
      // Five durable evaluations in flight when the process is killed: some may have been answered.
      const inFlight = Array.from({ length: 5 }, (_, n) =>
        send(durableModel, { inputs: { tier: 'gold', quantity: 200 + n } }).then(
          (answer) => (answer.status === 200 ? (answer.body.instance_id as string) : undefined),
          () => undefined,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      api.child.kill('SIGKILL');
      const answered = (await Promise.all(inFlight)).filter((id): id is string => id !== undefined);

      const durable = await stored([witness.body.instance_id, ...answered]);
      assert.equal(durable.size, 1 + answered.length, 'every durable answer names a committed instance');
      assert.equal((await stored(early)).size, early.length, 'recorded before a durable answer: written with it');
      const lateKept = (await stored(late)).size;
      // After the witness, only a durable answer (which writes everything queued before it) could have saved them.
      if (answered.length > 0) assert.equal(lateKept, late.length);
      else assert.ok(lateKept <= late.length);
    } finally {
      if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    }
  });
});

describe('decision instances of scenario runs, batch items and test runs', () => {
  const given = {} as { stack: TestStack; tenant: TestTenant };
  useTestStackWithTenant({ worker: true }, (started) => Object.assign(given, started));

  it('records each as its source, with the run as its correlation id, and leaves test runs out of live replays', async () => {
    const { stack, tenant } = given;
    const api = (method: string, url: string, body?: unknown) =>
      call(stack.baseUrl, method, url, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
    const created = await api('POST', '/api/v1/models', discountModelBody('Recorded runs'));
    const id = created.body.id as string;
    await publishForTest(given, id, 1);
    assert.equal((await api('PATCH', `/api/v1/models/${id}`, { record_evaluations: 'all' })).status, 200);
    const found = async (query: string, count: number) =>
      waitFor(`${count} instance(s) for ${query}`, async () => {
        const answer = await api('GET', `/api/v1/decision-instances?model_id=${id}&${query}`);
        return answer.body.data.length >= count ? (answer.body.data as any[]) : undefined;
      });

    const scenario = await api('POST', '/api/v1/scenarios', {
      model_id: id,
      inputs: { tier: 'silver', quantity: 150 },
    });
    assert.equal(scenario.status, 201, JSON.stringify(scenario.body));
    const [run] = await found(`source=scenario&correlation_id=${scenario.body.id}`, 1);
    assert.equal(run.version, '1');
    assert.deepEqual(run.inputs, { tier: 'silver', quantity: 150 });
    assert.deepEqual(run.hits, [{ node_id: 'discount-table', rules: ['silver-bulk'] }]);
    assert.equal(run.outputs['discount.rate'], 0.1);
    assert.deepEqual(run.caller, { type: 'api_key', id: tenant.keyId });

    const batch = await api('POST', '/api/v1/scenarios/batch', {
      items: [
        { model_id: id, inputs: { tier: 'gold', quantity: 600 } },
        { model_id: id, inputs: { tier: 'bronze', quantity: 2 } },
      ],
    });
    assert.equal(batch.status, 202, JSON.stringify(batch.body));
    const items = await found('source=batch', 2);
    assert.deepEqual(items.map((i) => i.hits[0].rules[0]).sort(), ['default', 'gold-bulk']);

    const testCase = await api('POST', `/api/v1/models/${id}/test-cases`, {
      name: 'gold bulk',
      inputs: { tier: 'gold', quantity: 150 },
      expected: { discount: { rate: 0.2 } },
    });
    assert.equal(testCase.status, 201, JSON.stringify(testCase.body));
    const testRun = await api('POST', `/api/v1/models/${id}/test-runs`, { version: '1' });
    assert.equal(testRun.status, 201, JSON.stringify(testRun.body));
    // One per case of the suite (publishing added one before this).
    const cases = (await api('GET', `/api/v1/models/${id}/test-cases`)).body.data.length as number;
    const testInstances = await found('source=test', cases);
    assert.equal(testInstances.length, cases);
    const tested = testInstances.find((i) => i.correlation_id === testCase.body.id);
    assert.deepEqual(tested.hits, [{ node_id: 'discount-table', rules: ['gold-bulk'] }]);

    // Rule hits count every source; live traffic for a replay leaves test runs out.
    const hits = await api('GET', `/api/v1/models/${id}/versions/1/rule-hits`);
    const all = await api('GET', `/api/v1/decision-instances?model_id=${id}`);
    assert.equal(
      hits.body.evaluations,
      3 + cases,
      JSON.stringify(all.body.data.map((i: any) => [i.source, i.correlation_id])),
    );
    const live = await api('POST', `/api/v1/models/${id}/replays`, { version: '1', source: 'instances' });
    assert.equal(live.status, 202);
    assert.equal(live.body.progress.total, 3, 'the scenario run and the two batch items, not the test evaluations');
  });
});
