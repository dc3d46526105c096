import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../core/app-error';
import { idFloorAt, idTime, newIdAt } from '../../core/ids';
import {
  applyRecordingChange,
  DEFAULT_RECORDING,
  effectiveRecording,
  recordingChange,
  shouldRecord,
} from '../../decision/recording-policy';
import { ruleInventory } from '../../decision/rule-inventory';
import {
  hitKeys,
  ruleHitCounts,
  monthsBetween,
  type NewDecisionInstance,
} from '../../db/repositories/decision-instances';

const instance = (at: string, hits: NewDecisionInstance['hits'], version = '1'): NewDecisionInstance => ({
  id: newIdAt('decisionInstance', Date.parse(at)),
  tenant_id: 'ten_a',
  model_id: 'mdl_a',
  version,
  format: 'jdm',
  source: 'evaluate',
  caller: { type: 'api_key', id: 'key_a' },
  idempotency_key: null,
  correlation_id: null,
  inputs: {},
  inputs_sha256: '',
  outputs: {},
  hits,
  status: 'succeeded',
  error: null,
  duration_ms: 1,
  evaluated_at: new Date(at),
  receipt: null,
});

describe('recording policy', () => {
  it('takes each field from the model, else the tenant, else the default (nothing recorded)', () => {
    assert.deepEqual(effectiveRecording(null, null), DEFAULT_RECORDING);
    assert.equal(DEFAULT_RECORDING.record_evaluations, 'off');
    assert.deepEqual(
      effectiveRecording({ record_inputs: false }, { record_evaluations: 'all', record_inputs: true, receipts: true }),
      { ...DEFAULT_RECORDING, record_evaluations: 'all', record_inputs: false, receipts: true },
    );
  });

  it('applies a change (null removes a field) and refuses sampling without a rate or a rate without sampling', () => {
    assert.deepEqual(recordingChange({ name: 'x', record_evaluations: 'all', receipts: null }), {
      record_evaluations: 'all',
      receipts: null,
    });
    assert.equal(recordingChange({ name: 'x' }), undefined);
    assert.deepEqual(applyRecordingChange({ record_evaluations: 'all', receipts: true }, { receipts: null }, null), {
      record_evaluations: 'all',
    });
    assert.equal(applyRecordingChange({ receipts: true }, { receipts: null }, null), null);
    // The rate may come from the tenant.
    assert.deepEqual(applyRecordingChange(null, { record_evaluations: 'sampled' }, { record_sample_rate: 0.1 }), {
      record_evaluations: 'sampled',
    });
    const refusal = (thunk: () => unknown, path: string) =>
      assert.throws(thunk, (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.deepEqual(
          (error.extras as { errors: Array<{ path: string }> }).errors.map((e) => e.path),
          [path],
        );
        return true;
      });
    refusal(() => applyRecordingChange(null, { record_evaluations: 'sampled' }, null), '/record_sample_rate');
    refusal(() => applyRecordingChange(null, { record_sample_rate: 0.5 }, null), '/record_sample_rate');
  });

  it('records all, none, or a draw below the rate', () => {
    assert.equal(
      shouldRecord({ ...DEFAULT_RECORDING, record_evaluations: 'all' }, () => 0.99),
      true,
    );
    assert.equal(
      shouldRecord(DEFAULT_RECORDING, () => 0),
      false,
    );
    const sampled = { ...DEFAULT_RECORDING, record_evaluations: 'sampled' as const, record_sample_rate: 0.25 };
    assert.equal(
      shouldRecord(sampled, () => 0.2499),
      true,
    );
    assert.equal(
      shouldRecord(sampled, () => 0.25),
      false,
    );
  });
});

describe('decision instance storage', () => {
  it('counts evaluations and each rule and branch per model version and hour', () => {
    const counts = ruleHitCounts([
      instance('2026-12-07T10:15:00Z', [
        { node_id: 't', rules: ['a', 'b'] },
        { node_id: 's', branches: ['x'] },
      ]),
      instance('2026-12-07T10:59:59Z', [{ node_id: 't', rules: ['a'] }]),
      instance('2026-12-07T11:00:00Z', [{ node_id: 't', rules: ['a'] }]),
      instance('2026-12-07T10:30:00Z', [{ node_id: 't', rules: ['a'] }], '2'),
    ]);
    const at = (hour: string, kind: string, node: string, rule: string, version = '1') =>
      counts.find(
        (c) => c.hour === hour && c.kind === kind && c.node_id === node && c.rule === rule && c.version === version,
      )?.hits;
    assert.equal(at('2026-12-07T10:00:00.000Z', 'evaluations', '', ''), 2);
    assert.equal(at('2026-12-07T10:00:00.000Z', 'rule', 't', 'a'), 2);
    assert.equal(at('2026-12-07T10:00:00.000Z', 'rule', 't', 'b'), 1);
    assert.equal(at('2026-12-07T10:00:00.000Z', 'branch', 's', 'x'), 1);
    assert.equal(at('2026-12-07T11:00:00.000Z', 'rule', 't', 'a'), 1);
    assert.equal(at('2026-12-07T10:00:00.000Z', 'rule', 't', 'a', '2'), 1);
    assert.equal(counts.length, 8);
    assert.deepEqual(
      hitKeys([
        { node_id: 't', rules: ['a', '#3'] },
        { node_id: 's', branches: ['x'] },
      ]),
      ['t:a', 't:#3', 's:x'],
    );
  });

  it('names the first days of the months a range touches', () => {
    assert.deepEqual(monthsBetween(new Date('2026-12-07T12:00:00Z'), new Date('2027-02-01T00:00:00Z')), [
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    assert.deepEqual(monthsBetween(new Date('2026-12-31T23:00:00Z'), new Date('2026-12-31T23:30:00Z')), ['2026-12-01']);
  });

  it('bounds ids by time: an id minted at t sorts between the floors of t and t + 1 ms', () => {
    const at = Date.parse('2026-03-03T10:00:00.123Z');
    const id = newIdAt('decisionInstance', at);
    assert.equal(idTime(id).getTime(), at);
    assert.ok(idFloorAt('decisionInstance', new Date(at)) <= id);
    assert.ok(id < idFloorAt('decisionInstance', new Date(at + 1)));
  });

  it("lists a graph's rules and branches as instances key them", () => {
    const inventory = ruleInventory({
      nodes: [
        {
          id: 't',
          name: 'Table',
          type: 'decisionTableNode',
          content: { hitPolicy: 'first', inputs: [], outputs: [], rules: [{ _id: 'r1', _description: 'one' }, {}] },
        },
        {
          id: 's',
          name: 'Switch',
          type: 'switchNode',
          content: {
            statements: [
              { id: 'b1', condition: 'x > 1' },
              { id: 'b2', condition: '' },
            ],
          },
        },
      ],
      edges: [],
    } as never);
    assert.deepEqual(inventory, [
      {
        node_id: 't',
        name: 'Table',
        kind: 'decision_table',
        rules: [
          { rule: 'r1', index: 0, label: 'one' },
          { rule: '#1', index: 1, label: 'rule 2' },
        ],
      },
      {
        node_id: 's',
        name: 'Switch',
        kind: 'switch',
        rules: [
          { rule: 'b1', index: 0, label: 'x > 1' },
          { rule: 'b2', index: 1, label: 'default' },
        ],
      },
    ]);
  });
});
