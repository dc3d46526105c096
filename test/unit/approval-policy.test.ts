import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  conditionProblem,
  namedUsers,
  parseIsoDuration,
  prepareSteps,
  type ApprovalStepInput,
} from '../../rules/decisions/approval-policy';

const step = (overrides: Partial<ApprovalStepInput> = {}): ApprovalStepInput => ({
  name: 'Review',
  approvals_required: 1,
  approvers: { role: 'approver' },
  sla: 'PT4H',
  ...overrides,
});

describe('parseIsoDuration', () => {
  it('reads weeks, days, hours, minutes and seconds', () => {
    assert.deepEqual(parseIsoDuration('PT4H'), { ok: true, seconds: 14_400 });
    assert.deepEqual(parseIsoDuration('P2D'), { ok: true, seconds: 172_800 });
    assert.deepEqual(parseIsoDuration('P1DT12H30M5S'), { ok: true, seconds: 86_400 + 43_200 + 1_800 + 5 });
    assert.deepEqual(parseIsoDuration('P1W'), { ok: true, seconds: 604_800 });
    assert.deepEqual(parseIsoDuration('PT2S'), { ok: true, seconds: 2 });
    assert.deepEqual(parseIsoDuration('P90D'), { ok: true, seconds: 90 * 86_400 });
  });

  it('refuses what is not a fixed-length duration, naming why', () => {
    for (const text of ['', 'P', 'PT', '4H', 'PT4', 'P1.5D', 'PT-1H', 'P1DT', 'pt4h', 'P2D4H', 'PT4H ']) {
      const parsed = parseIsoDuration(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.message, /ISO 8601/, text);
    }
    const months = parseIsoDuration('P1M');
    assert.equal(months.ok, false);
    if (!months.ok) assert.match(months.message, /years or months/);
    const years = parseIsoDuration('P1Y2D');
    assert.equal(years.ok, false);
    if (!years.ok) assert.match(years.message, /years or months/);
  });

  it('bounds it to 1 second … 90 days', () => {
    for (const text of ['PT0S', 'P0D', 'P91D', 'P13W', 'PT999999999H']) {
      const parsed = parseIsoDuration(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.message, /between 1 second/, text);
    }
  });
});

describe('conditionProblem', () => {
  it('accepts expressions zen-engine compiles, whatever the metrics turn out to be', async () => {
    for (const text of [
      'total_cost > 1000000',
      'total_cost > 1000000 and headcount < 3',
      'region == "EU"',
      'service_level >= 0.8',
    ]) {
      assert.equal(await conditionProblem(text), undefined, text);
    }
  });

  it('refuses text that does not parse, blank text, overlong text and the clock', async () => {
    assert.match((await conditionProblem('total_cost >')) ?? '', /does not parse/);
    assert.match((await conditionProblem('foo(')) ?? '', /does not parse/);
    assert.match((await conditionProblem('  ')) ?? '', /blank/);
    assert.match((await conditionProblem(`x > ${'1'.repeat(1000)}`)) ?? '', /at most 1000/);
    assert.match((await conditionProblem('date("now") > date("2026-01-01")')) ?? '', /clock/);
  });
});

describe('prepareSteps', () => {
  it('stores the durations in seconds and defaults the optional fields', async () => {
    const { steps, errors } = await prepareSteps([
      step(),
      step({
        name: 'Finance',
        sla: 'P2D',
        deadline: 'P5D',
        condition: 'total_cost > 1000000',
        escalate_to: { role: 'admin' },
      }),
    ]);
    assert.deepEqual(errors, []);
    assert.deepEqual(steps[0], {
      name: 'Review',
      approvals_required: 1,
      approvers: { role: 'approver' },
      sla: 'PT4H',
      sla_seconds: 14_400,
      escalate_to: null,
      deadline: null,
      deadline_seconds: null,
      condition: null,
    });
    assert.equal(steps[1]?.deadline_seconds, 5 * 86_400);
    assert.equal(steps[1]?.condition, 'total_cost > 1000000');
  });

  it('names every problem at its pointer', async () => {
    const { errors } = await prepareSteps([
      step(),
      step({ name: 'review', sla: 'P1M' }),
      step({ name: 'Named', approvers: { user_ids: ['usr_a'] }, approvals_required: 2, condition: '1 +' }),
      step({ name: 'Late', sla: 'P2D', deadline: 'P1D', escalate_to: { role: 'admin', user_ids: ['usr_a'] } }),
    ]);
    assert.deepEqual(errors.map((e) => e.path).sort(), [
      '/steps/1/name',
      '/steps/1/sla',
      '/steps/2/approvals_required',
      '/steps/2/condition',
      '/steps/3/deadline',
      '/steps/3/escalate_to',
    ]);
  });

  it('needs 1 to 10 steps', async () => {
    assert.deepEqual(
      (await prepareSteps([])).errors.map((e) => e.path),
      ['/steps'],
    );
    const eleven = Array.from({ length: 11 }, (_, i) => step({ name: `s${i}` }));
    assert.deepEqual(
      (await prepareSteps(eleven)).errors.map((e) => e.path),
      ['/steps'],
    );
  });

  it('lists the users a version names, with where', () => {
    assert.deepEqual(
      namedUsers([step(), step({ approvers: { user_ids: ['usr_a', 'usr_b'] }, escalate_to: { user_ids: ['usr_c'] } })]),
      [
        { path: '/steps/1/approvers/user_ids/0', id: 'usr_a' },
        { path: '/steps/1/approvers/user_ids/1', id: 'usr_b' },
        { path: '/steps/1/escalate_to/user_ids/0', id: 'usr_c' },
      ],
    );
  });
});
