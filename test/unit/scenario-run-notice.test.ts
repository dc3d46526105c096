import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presentScenario } from '../../api/scenarios/presenter';
import { ScenarioRecord, scenarioFromText, scenarioToText } from '../../db/records/scenario';
import { storedRunNotice } from '../../db/repositories/scenario-run-queue';

/** A stored scenario as a read from Postgres gives it (dates as Dates, JSON columns parsed). */
function storedScenario(notes: unknown[]): ScenarioRecord {
  return ScenarioRecord.fromJson({
    id: 'scn_01m96x24t2n20150eng7yq4yka',
    tenant_id: 'ten_01m96x1j7hys0774tx4jb9sdbs',
    name: 'Support desk, Q3',
    description: null,
    tags: ['q3', 'support'],
    model_id: 'mdl_service_queue_staffing',
    model_version: '1.0.0',
    draft_run: false,
    status: 'completed',
    run_number: 2,
    inputs: { arrival_rate_per_hour: 100, shrinkage: 0.3 },
    uncertainty: null,
    simulation: null,
    metrics: { required_agents: 8, service_level: 0.8798 },
    decision_structure: { alternatives: [{ id: 'agents_8', chosen: true }], criteria: [] },
    notes,
    audit_trail: [
      {
        sequence: 1,
        event: 'received',
        at: '2026-12-07T00:04:37.213Z',
        actor: { type: 'api_key', id: 'key_01m96wz4f8r9b5kj0jj7gxhtp3' },
        recorded_by: 'api',
        details: {},
      },
    ],
    error: null,
    inputs_sha256: '0cbdc63852380f3682f32b86ef9d93bcbb0398074ff12580337253a00f04c135',
    workflow_id: 'scenario_run_lane/ten_01m96x1j7hys0774tx4jb9sdbs',
    run_id: 'a708318e-eb9a-4088-bdc1-317f605004e7',
    batch_id: null,
    created_by: { type: 'api_key', id: 'key_01m96wz4f8r9b5kj0jj7gxhtp3' },
    run_by: { type: 'user', id: 'usr_01m96x1j7hys0774tx4jb9sdbs', via_client: 'cli_01m96x1j2qn74jqxqevah89jk6' },
    deleted_at: null,
    created_at: new Date('2026-12-07T00:04:37.315Z'),
    updated_at: new Date('2026-12-07T00:04:38.002Z'),
    completed_at: new Date('2026-12-07T00:04:38.002Z'),
  });
}

describe('a stored scenario announced in its run notice', () => {
  it('is answered exactly as the stored record it was written from', () => {
    const stored = storedScenario([{ kind: 'default_applied', input: 'shrinkage', message: 'default 0.3 used' }]);
    const received = scenarioFromText(scenarioToText(stored));
    assert.ok(received.created_at instanceof Date && received.completed_at instanceof Date);
    assert.deepEqual(presentScenario(received), presentScenario(stored));
  });

  it('goes in the notice after its key when the whole fits, and only the key when it does not', () => {
    const key = 'scn_01m96x24t2n20150eng7yq4yka#2';
    assert.equal(storedRunNotice(key, undefined), key);
    const small = scenarioToText(storedScenario([]));
    assert.equal(storedRunNotice(key, small), `${key} ${small}`);
    // Postgres refuses a notice of 8,000 bytes or more: a scenario with long notes is read by the listener instead.
    const large = scenarioToText(storedScenario([{ kind: 'assumption', message: 'é'.repeat(4000) }]));
    assert.ok(Buffer.byteLength(large) > 8000);
    assert.equal(storedRunNotice(key, large), key);
    const fits = 'x'.repeat(7999 - key.length - 1);
    assert.equal(Buffer.byteLength(storedRunNotice(key, fits)), 7999);
    assert.equal(storedRunNotice(key, `${fits}x`), key);
  });
});
