import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { erlangB, erlangC, serviceQueueStaffing as model } from '../../../decision/builtin/service-queue-staffing';
import { assertClose, assertExamplesValid, evaluateChecked, isValidInput, warningInputs } from './model-test-support';

/**
 * Erlang C from its textbook closed form, P_wait = (A^N/N! · N/(N−A)) / (Σ_{k<N} A^k/k! + A^N/N! · N/(N−A)),
 * evaluated in log space so that it serves as an independent reference even for large N.
 */
function erlangCClosedForm(traffic: number, agents: number): number {
  const logTerm = (k: number) => {
    let logFactorial = 0;
    for (let i = 2; i <= k; i++) logFactorial += Math.log(i);
    return k * Math.log(traffic) - logFactorial;
  };
  const logs = Array.from({ length: agents }, (_, k) => logTerm(k));
  const logWaiting = logTerm(agents) + Math.log(agents / (agents - traffic));
  const peak = Math.max(logWaiting, ...logs);
  const sum = logs.reduce((total, value) => total + Math.exp(value - peak), 0);
  const waiting = Math.exp(logWaiting - peak);
  return waiting / (sum + waiting);
}

describe('service_queue_staffing', () => {
  it('matches a hand-worked Erlang B / C for 5 Erlangs', () => {
    // 100 calls/h × 180 s / 3600 = 5 Erlangs.
    // Erlang B recursion, B(n) = 5·B(n−1) / (n + 5·B(n−1)):
    //   B1 = 5/6 = 0.83333; B2 = 4.16667/6.16667 = 0.67568; B3 = 3.37838/6.37838 = 0.52966; B4 = 2.64831/6.64831 = 0.39834
    //   B5 = 1.99170/6.99170 = 0.28487; B6 = 1.42435/7.42435 = 0.19185; B7 = 0.95925/7.95925 = 0.12052
    // Erlang C for N = 7: 7 × 0.12052 / (7 − 5 × (1 − 0.12052)) = 0.84366 / 2.60261 = 0.32416
    // Cross-check by the closed form: Σ_{k<7} 5^k/k! = 1 + 5 + 12.5 + 20.8333 + 26.0417 + 26.0417 + 21.7014 = 113.1181;
    //   5^7/7! × 7/2 = 15.5010 × 3.5 = 54.2535; 54.2535 / (113.1181 + 54.2535) = 0.32415.
    // (The 0.12 figure sometimes quoted for N = 7 is the Erlang B blocking probability, not the probability of waiting.)
    assertClose(erlangB(5, 7), 0.12052, 1e-5, 'B(5, 7)');
    assertClose(erlangC(5, 7), 0.32415, 1e-4, 'C(5, 7)');
    // N = 8: B8 = 5 × 0.120519 / (8 + 0.602596) = 0.070048; C = 8 × 0.070048 / (8 − 5 × 0.929952) = 0.16727
    assertClose(erlangC(5, 8), 0.16727, 1e-5, 'C(5, 8)');
  });

  it('agrees with the closed form from small to large centres', () => {
    for (const [traffic, agents] of [
      [0.5, 1],
      [5, 6],
      [5, 7],
      [12.3, 15],
      [100, 110],
      [2_000, 2_060],
    ] as const) {
      assertClose(erlangC(traffic, agents), erlangCClosedForm(traffic, agents), 1e-10, `C(${traffic}, ${agents})`);
    }
  });

  it('staffs 100 calls/h at 180 s for 80% in 20 s (hand-computed)', () => {
    // Start at max(floor(5) + 1, ceil(5 / 0.85 = 5.88)) = 6.
    // N = 6: C = 6 × 0.19185 / (6 − 5 × 0.80815) = 0.58752; SL = 1 − 0.58752 × e^(−1 × 20/180) = 1 − 0.58752 × 0.89484 = 0.4743
    // N = 7: SL = 1 − 0.32415 × e^(−2 × 20/180) = 1 − 0.32415 × 0.80074 = 0.7404   (< 0.8)
    // N = 8: SL = 1 − 0.16727 × e^(−3 × 20/180) = 1 − 0.16727 × 0.71653 = 0.88015  (≥ 0.8) → required 8
    // ASA = 0.16727 × 180 / 3 = 10.036 s; occupancy 5/8 = 0.625; scheduled ceil(8 / 0.7 = 11.43) = 12
    const result = evaluateChecked(model, { arrival_rate_per_hour: 100, average_handle_time_seconds: 180 });
    const m = result.metrics;
    assert.equal(m.traffic_intensity, 5);
    assert.equal(m.required_agents, 8);
    assert.equal(m.scheduled_agents, 12);
    assertClose(m.probability_of_wait, 0.16727, 1e-5, 'P(wait)');
    assertClose(m.service_level, 0.88015, 1e-5, 'service level');
    assertClose(m.average_speed_of_answer, 10.036, 1e-3, 'ASA');
    assert.equal(m.occupancy, 0.625);

    const ds = result.decision_structure;
    assert.deepEqual(
      ds.alternatives.map((alternative) => alternative.id),
      ['agents_6', 'agents_7', 'agents_8'],
    );
    assertClose(ds.alternatives[0]?.values.service_level, 0.4743, 1e-4, 'SL at 6');
    assertClose(ds.alternatives[1]?.values.service_level, 0.7404, 1e-4, 'SL at 7');
    assert.equal(ds.alternatives.find((alternative) => alternative.chosen)?.id, 'agents_8');
    assert.equal(ds.recommendation?.alternative, 'agents_8');
    assert.deepEqual(warningInputs(result), []);
  });

  it('does not add a phantom agent when shrinkage divides exactly', () => {
    // A 70% target is met at N = 7 (SL 0.7404); 7 / (1 − 0.3) is 10.000000000000002 in floating point → 10 agents
    const { metrics } = evaluateChecked(model, {
      arrival_rate_per_hour: 100,
      average_handle_time_seconds: 180,
      target_service_level: 0.7,
    });
    assert.equal(metrics.required_agents, 7);
    assert.equal(metrics.scheduled_agents, 10);
  });

  it('lets the occupancy cap drive staffing when it binds', () => {
    // Cap 0.5 → N ≥ 5 / 0.5 = 10 exactly; the service level at 10 is far above 80%, so N = 10 at occupancy 0.5
    const result = evaluateChecked(model, {
      arrival_rate_per_hour: 100,
      average_handle_time_seconds: 180,
      max_occupancy: 0.5,
    });
    assert.equal(result.metrics.required_agents, 10);
    assert.equal(result.metrics.occupancy, 0.5);
    assert.deepEqual(
      result.decision_structure.alternatives.map((alternative) => alternative.id),
      ['agents_10'],
    );
    assert.deepEqual(warningInputs(result), ['max_occupancy']); // 0.5 is below the validated 0.6
  });

  it('with a zero answer-time target the service level is 1 − P(wait)', () => {
    const { metrics } = evaluateChecked(model, {
      arrival_rate_per_hour: 100,
      average_handle_time_seconds: 180,
      target_answer_time_seconds: 0,
      target_service_level: 0.8,
    });
    // 1 − C(5, 8) = 0.833 ≥ 0.8 but 1 − C(5, 7) = 0.676 < 0.8 → 8
    assert.equal(metrics.required_agents, 8);
    assertClose(metrics.service_level, 1 - (metrics.probability_of_wait as number), 1e-15, 'SL');
  });

  it('needs no agents when there is no traffic, with a warning', () => {
    const result = evaluateChecked(model, { arrival_rate_per_hour: 0, average_handle_time_seconds: 300 });
    assert.deepEqual(result.metrics, {
      required_agents: 0,
      scheduled_agents: 0,
      service_level: 1,
      probability_of_wait: 0,
      average_speed_of_answer: 0,
      occupancy: 0,
      traffic_intensity: 0,
    });
    assert.ok(warningInputs(result).includes('arrival_rate_per_hour'));
  });

  it('staffs a large centre quickly and lists only the last candidates', () => {
    // 100 000 calls/h × 600 s = 16 667 Erlangs; the occupancy cap alone needs ≥ 16 667 / 0.99 ≈ 16 835 agents.
    const result = evaluateChecked(model, {
      arrival_rate_per_hour: 100_000,
      average_handle_time_seconds: 600,
      target_service_level: 0.999,
      target_answer_time_seconds: 0,
      max_occupancy: 0.99,
    });
    const required = result.metrics.required_agents as number;
    assert.ok(required > 16_667 && required < 17_500, `required ${required}`);
    assert.ok((result.metrics.service_level as number) >= 0.999);
    assert.ok(result.decision_structure.alternatives.length <= 30);
  });

  it('rejects an unreachable 100% service-level target, even from a caller that skips schema validation', () => {
    const unreachable = { arrival_rate_per_hour: 10, average_handle_time_seconds: 60, target_service_level: 1 };
    assert.equal(isValidInput(model, unreachable), false);
    // Monte Carlo samples reach evaluate directly; a search for an unreachable target must fail, not spin.
    const sampled = { ...unreachable, target_answer_time_seconds: 20, max_occupancy: 0.85, shrinkage: 0.3 };
    assert.throws(() => model.evaluate(sampled), /target_service_level/);
    assert.throws(
      () => model.evaluate({ ...sampled, target_service_level: 0.8, arrival_rate_per_hour: -5 }),
      RangeError,
    );
  });

  it('has example inputs that validate and evaluate to schema-valid metrics', () => {
    assertExamplesValid(model);
  });
});
