import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retriedRunEvents } from '../../activities/failures/run-retries';
import type { AuditEvent, ScenarioRecord } from '../../db/records/scenario';
import type { PreparedRun } from '../../decision/scenario-run-inputs';

describe("a failed run's new run, made by a bulk retry", () => {
  it('opens its own trail: asked for by the retry, the same bindings numbered afresh, then validated', () => {
    const person = { type: 'user', id: 'usr_1' } as const;
    const failedTrail: AuditEvent[] = [
      {
        sequence: 1,
        event: 'received',
        at: '2026-12-01T00:00:00.000Z',
        actor: person,
        recorded_by: 'api',
        details: {},
      },
      {
        sequence: 2,
        event: 'validated',
        at: '2026-12-01T00:00:00.000Z',
        actor: person,
        recorded_by: 'api',
        details: {},
      },
      {
        sequence: 3,
        event: 'inputs_bound',
        at: '2026-12-01T00:00:00.000Z',
        actor: person,
        recorded_by: 'api',
        details: { bindings: { headcount: { value: 12 } } },
      },
      {
        sequence: 4,
        event: 'model_failed',
        at: '2026-12-01T00:00:01.000Z',
        actor: person,
        recorded_by: 'worker',
        details: {},
      },
    ];
    const prepared = {
      model: { id: 'mdl_x', version: '2' },
      defaultsApplied: ['rate'],
      inputsSha256: 'abc',
    } as unknown as PreparedRun;
    const admin = { type: 'api_key', id: 'key_1' } as const;
    const trail = retriedRunEvents({ audit_trail: failedTrail } as ScenarioRecord, prepared, admin, 'frt_1', 2);
    assert.deepEqual(
      trail.map((event) => [event.sequence, event.event, event.recorded_by]),
      [
        [1, 'received', 'worker'],
        [2, 'inputs_bound', 'api'],
        [3, 'validated', 'worker'],
      ],
    );
    assert.deepEqual(trail[0]?.details, { failure_retry_id: 'frt_1', run_number: 2 });
    assert.deepEqual(trail[0]?.actor, admin);
    assert.deepEqual(trail[1]?.details, { bindings: { headcount: { value: 12 } } });
    assert.deepEqual(trail[2]?.details, {
      model_id: 'mdl_x',
      model_version: '2',
      defaults_applied: ['rate'],
      inputs_sha256: 'abc',
    });
  });
});
