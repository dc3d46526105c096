import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { createRandom } from '../../decision/random';
import {
  DISTRIBUTION_SCHEMA,
  InvalidUncertaintyError,
  percentileOfSorted,
  runSimulation,
  runSimulationAsync,
  spearmanCorrelation,
  validateDistribution,
  type Distribution,
  type SimulationOptions,
} from '../../decision/simulation';
import type { ModelInputs, ModelResult } from '../../decision/types';

/** A model whose metrics are computed by `formula` from numeric inputs. */
function modelOf(formula: (inputs: Record<string, number>) => Record<string, number | string>) {
  return (inputs: ModelInputs): ModelResult => ({
    metrics: formula(inputs as Record<string, number>),
    decision_structure: { alternatives: [], criteria: [], derivation: [] },
    notes: [],
  });
}

const echoX = modelOf(({ x }) => ({ x: x as number }));

function simulate(overrides: Partial<SimulationOptions> & Pick<SimulationOptions, 'uncertainty'>) {
  return runSimulation({ evaluate: echoX, baseInputs: {}, runs: 20_000, seed: 42, ...overrides });
}

function assertClose(actual: number, expected: number, tolerance: number, label: string) {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label}: ${actual} not within ${tolerance} of ${expected}`);
}

describe('createRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const first = createRandom(7);
    const second = createRandom(7);
    for (let i = 0; i < 1000; i += 1) {
      const value = first();
      assert.equal(value, second());
      assert.ok(value >= 0 && value < 1);
    }
  });

  it('gives different streams for seeds that differ only in their high bits, or in sign', () => {
    const streams = [1, 1 + 2 ** 32, -1, 0].map((seed) => {
      const random = createRandom(seed);
      return [random(), random(), random()].join(',');
    });
    assert.equal(new Set(streams).size, streams.length);
  });

  it('rejects seeds that are not safe integers', () => {
    for (const seed of [1.5, Number.NaN, 2 ** 60]) assert.throws(() => createRandom(seed), RangeError);
  });
});

describe('percentileOfSorted (type 7)', () => {
  it('interpolates between the closest ranks', () => {
    const values = [1, 2, 3, 4];
    // h = (n − 1) · p: p50 → 1.5 → 2.5; p5 → 0.15 → 1.15; p95 → 2.85 → 3.85.
    assert.equal(percentileOfSorted(values, 50), 2.5);
    assertClose(percentileOfSorted(values, 5), 1.15, 1e-12, 'p5');
    assertClose(percentileOfSorted(values, 95), 3.85, 1e-12, 'p95');
    assert.equal(percentileOfSorted(values, 0), 1);
    assert.equal(percentileOfSorted(values, 100), 4);
  });

  it('handles odd lengths, a single value and repeated values', () => {
    assert.equal(percentileOfSorted([10, 20, 30, 40, 50], 50), 30);
    assert.equal(percentileOfSorted([10, 20, 30, 40, 50], 25), 20);
    assert.equal(percentileOfSorted([10, 20, 30, 40, 50], 10), 14);
    assert.equal(percentileOfSorted([7], 95), 7);
    assert.equal(percentileOfSorted([3, 3, 3], 42), 3);
  });

  it('rejects an empty sample and out-of-range percents', () => {
    assert.throws(() => percentileOfSorted([], 50), RangeError);
    assert.throws(() => percentileOfSorted([1], 101), RangeError);
    assert.throws(() => percentileOfSorted([1], -1), RangeError);
  });
});

describe('spearmanCorrelation', () => {
  it('is ±1 for monotone relations whatever their shape', () => {
    assert.equal(spearmanCorrelation([1, 2, 3, 4], [1, 8, 27, 64]), 1);
    assert.equal(spearmanCorrelation([1, 2, 3, 4], [10, 5, 1, 0]), -1);
  });

  it('gives tied values their average rank', () => {
    // Ranks of x: [1, 2.5, 2.5, 4]; of y: [1, 2, 3, 4]; Pearson of those = 4.5 / sqrt(4.5 · 5).
    assertClose(spearmanCorrelation([1, 2, 2, 3], [1, 2, 3, 4]), 4.5 / Math.sqrt(4.5 * 5), 1e-12, 'rho');
  });

  it('is 0 when one side has no variance', () => {
    assert.equal(spearmanCorrelation([5, 5, 5], [1, 2, 3]), 0);
  });
});

describe('runSimulation', () => {
  const linear = modelOf(({ x, y }) => ({ total: 10 * (x as number) + (y as number) }));
  const linearOptions: SimulationOptions = {
    evaluate: linear,
    baseInputs: { x: 0, y: 0 },
    uncertainty: { y: { dist: 'uniform', min: 0, max: 1 }, x: { dist: 'uniform', min: 0, max: 1 } },
    runs: 5000,
    seed: 2024,
  };

  it('is reproducible: the same seed gives an identical result', () => {
    assert.deepEqual(runSimulation(linearOptions), runSimulation(linearOptions));
  });

  it('does not depend on the key order of the uncertainty object', () => {
    const { x, y } = linearOptions.uncertainty;
    const reordered = { ...linearOptions, uncertainty: { x: x!, y: y! } };
    assert.deepEqual(runSimulation(reordered), runSimulation(linearOptions));
  });

  it('gives different results for different seeds', () => {
    const other = runSimulation({ ...linearOptions, seed: 2025 });
    assert.notEqual(other.metrics.total!.mean, runSimulation(linearOptions).metrics.total!.mean);
  });

  it('matches uniform(0, 10) theory: mean 5, p5 0.5, p50 5, p95 9.5', () => {
    const { metrics } = simulate({ uncertainty: { x: { dist: 'uniform', min: 0, max: 10 } } });
    const summary = metrics.x!;
    assertClose(summary.mean, 5, 0.1, 'mean');
    assertClose(summary.sd, 10 / Math.sqrt(12), 0.05, 'sd');
    assertClose(summary.p5, 0.5, 0.1, 'p5');
    assertClose(summary.p50, 5, 0.15, 'p50');
    assertClose(summary.p95, 9.5, 0.1, 'p95');
    assert.ok(summary.min >= 0 && summary.min < 0.01);
    assert.ok(summary.max < 10 && summary.max > 9.99);
  });

  it('matches triangular theory: mean (min + mode + max) / 3', () => {
    const { metrics } = simulate({ uncertainty: { x: { dist: 'triangular', min: 2, mode: 3, max: 10 } } });
    assertClose(metrics.x!.mean, (2 + 3 + 10) / 3, 0.05, 'mean');
    assert.ok(metrics.x!.min >= 2 && metrics.x!.max <= 10);
    // The mode sits left of the mean for a right-skewed triangle, and the median between them.
    assert.ok(metrics.x!.p50 > 3 && metrics.x!.p50 < metrics.x!.mean);
  });

  it('treats a zero-width triangular or uniform as a constant', () => {
    const { metrics } = simulate({ uncertainty: { x: { dist: 'triangular', min: 4, mode: 4, max: 4 } }, runs: 100 });
    assert.deepEqual(metrics.x, { mean: 4, sd: 0, p5: 4, p50: 4, p95: 4, min: 4, max: 4 });
  });

  it('matches normal theory, and clamps to min/max when given', () => {
    const free = simulate({ uncertainty: { x: { dist: 'normal', mean: 100, sd: 15 } } }).metrics.x!;
    assertClose(free.mean, 100, 0.5, 'mean');
    assertClose(free.sd, 15, 0.4, 'sd');
    assertClose(free.p95, 100 + 1.6449 * 15, 0.6, 'p95');

    const clamped = simulate({ uncertainty: { x: { dist: 'normal', mean: 0, sd: 1, min: -1, max: 1 } } }).metrics.x!;
    assert.equal(clamped.min, -1);
    assert.equal(clamped.max, 1);
    assert.equal(clamped.p5, -1);
  });

  it('matches lognormal theory: median exp(mu)', () => {
    const { metrics } = simulate({ uncertainty: { x: { dist: 'lognormal', mu: 1, sigma: 0.5 } } });
    assertClose(metrics.x!.p50, Math.exp(1), 0.05, 'median');
    assertClose(metrics.x!.mean, Math.exp(1 + 0.125), 0.05, 'mean');
    assert.ok(metrics.x!.min > 0);
  });

  it('samples discrete values in proportion to their weights, never a zero-weight value', () => {
    const counts = new Map<number, number>();
    const countingModel = modelOf(({ x }) => {
      counts.set(x as number, (counts.get(x as number) ?? 0) + 1);
      return { x: x as number };
    });
    const { metrics } = runSimulation({
      evaluate: countingModel,
      baseInputs: {},
      uncertainty: { x: { dist: 'discrete', values: [1, 2, 3, 4], weights: [1, 3, 0, 6] } },
      runs: 20_000,
      seed: 1,
    });
    assert.equal(counts.get(3), undefined);
    assertClose(counts.get(1)! / 20_000, 0.1, 0.01, 'P(1)');
    assertClose(counts.get(2)! / 20_000, 0.3, 0.015, 'P(2)');
    assertClose(counts.get(4)! / 20_000, 0.6, 0.015, 'P(4)');
    assertClose(metrics.x!.mean, 0.1 + 0.6 + 2.4, 0.03, 'mean');
  });

  it('ranks the input that dominates a linear model first', () => {
    const { sensitivity } = runSimulation(linearOptions);
    const [first, second] = sensitivity.total!;
    assert.equal(first!.input, 'x');
    assert.equal(first!.rank, 1);
    assertClose(first!.correlation, 0.99, 0.01, 'rho(x, total)');
    assert.equal(second!.input, 'y');
    assert.equal(second!.rank, 2);
    assert.ok(second!.correlation > 0 && second!.correlation < 0.2);
  });

  it('ranks by absolute correlation, so a strong negative driver comes first', () => {
    const model = modelOf(({ x, y }) => ({ margin: (y as number) - 10 * (x as number) }));
    const { sensitivity } = runSimulation({ ...linearOptions, evaluate: model });
    assert.equal(sensitivity.margin![0]!.input, 'x');
    assert.ok(sensitivity.margin![0]!.correlation < -0.98);
  });

  it('keeps base inputs, lists non-numeric metrics, and gives constant metrics zero correlation', () => {
    const model = (inputs: ModelInputs): ModelResult => ({
      metrics: {
        scaled: (inputs.x as number) * (inputs.factor as number),
        label: (inputs.x as number) > 0.5 ? 'high' : 'low',
        fixed: 3,
        sometimes: (inputs.x as number) > 0.5 ? 1 : Number.NaN,
      },
      decision_structure: { alternatives: [], criteria: [], derivation: [] },
      notes: [],
    });
    const result = runSimulation({
      evaluate: model,
      baseInputs: { x: 0, factor: 2, region: 'north' },
      uncertainty: { x: { dist: 'uniform', min: 0, max: 1 } },
      runs: 1000,
      seed: 3,
    });
    assert.deepEqual(Object.keys(result.metrics), ['fixed', 'scaled']);
    assert.deepEqual(result.non_numeric_metrics, ['label', 'sometimes']);
    assert.ok(result.metrics.scaled!.max > 1.9 && result.metrics.scaled!.max <= 2);
    assert.deepEqual(result.sensitivity.fixed, [{ input: 'x', correlation: 0, rank: 1 }]);
  });

  it('treats a metric missing from some runs as non-numeric', () => {
    const model = modelOf(({ x }): Record<string, number> =>
      (x as number) > 0.5 ? { x: x as number, high: 1 } : { x: x as number },
    );
    const result = simulate({ evaluate: model, uncertainty: { x: { dist: 'uniform', min: 0, max: 1 } }, runs: 200 });
    assert.deepEqual(Object.keys(result.metrics), ['x']);
    assert.deepEqual(result.non_numeric_metrics, ['high']);
  });

  it('names the run and inputs when the model throws', () => {
    const failing = modelOf(({ x }) => {
      if ((x as number) > 0.9) throw new Error('out of range');
      return { x: x as number };
    });
    assert.throws(
      () => simulate({ evaluate: failing, uncertainty: { x: { dist: 'uniform', min: 0, max: 1 } }, runs: 1000 }),
      (error: unknown) =>
        error instanceof Error && /simulation run \d+ failed .*"x":.*out of range/.test(error.message),
    );
  });

  it('rejects unusable uncertainty with the offending inputs named', () => {
    assert.throws(
      () =>
        runSimulation({
          evaluate: echoX,
          baseInputs: { region: 'north' },
          uncertainty: {
            region: { dist: 'uniform', min: 0, max: 1 },
            spread: { dist: 'triangular', min: 5, mode: 1, max: 10 },
          },
          runs: 10,
          seed: 1,
        }),
      (error: unknown) =>
        error instanceof InvalidUncertaintyError &&
        error.problems.some((problem) => problem.input === 'region' && /text input/.test(problem.message)) &&
        error.problems.some((problem) => problem.input === 'spread' && /min ≤ mode ≤ max/.test(problem.message)),
    );
    assert.throws(() => simulate({ uncertainty: {} }), InvalidUncertaintyError);
    for (const runs of [0, -1, 1.5]) {
      assert.throws(() => simulate({ uncertainty: { x: { dist: 'uniform', min: 0, max: 1 } }, runs }), RangeError);
    }
  });

  it('gives the async variant the same result for the same seed', async () => {
    const asyncModel = async (inputs: ModelInputs) => linear(inputs);
    const asyncResult = await runSimulationAsync({ ...linearOptions, evaluate: asyncModel });
    assert.deepEqual(asyncResult, runSimulation(linearOptions));
    await assert.rejects(
      runSimulationAsync({ ...linearOptions, evaluate: async () => Promise.reject(new Error('engine down')) }),
      /simulation run 1 failed .*engine down/,
    );
  });

  it('runs 10,000 iterations of a trivial model (its speed is measured by npm run bench, not here)', () => {
    const result = runSimulation({ ...linearOptions, runs: 10_000 });
    assert.deepEqual(result, runSimulation({ ...linearOptions, runs: 10_000 }));
  });
});

describe('validateDistribution', () => {
  const cases: Array<[Distribution, RegExp | null]> = [
    [{ dist: 'triangular', min: 1, mode: 2, max: 3 }, null],
    [{ dist: 'triangular', min: 1, mode: 4, max: 3 }, /min ≤ mode ≤ max/],
    [{ dist: 'uniform', min: 3, max: 1 }, /min ≤ max/],
    [{ dist: 'uniform', min: 2, max: 2 }, null],
    [{ dist: 'normal', mean: 0, sd: 0 }, /sd must be positive/],
    [{ dist: 'normal', mean: 0, sd: 1, min: 2, max: 1 }, /min ≤ max/],
    [{ dist: 'normal', mean: Number.NaN, sd: 1 }, /mean must be a finite number/],
    [{ dist: 'lognormal', mu: 0, sigma: -1 }, /sigma must be positive/],
    [{ dist: 'discrete', values: [1, 2], weights: [1] }, /one entry per value/],
    [{ dist: 'discrete', values: [1, 2], weights: [0, 0] }, /positive total/],
    [{ dist: 'discrete', values: [1, 2], weights: [1, -1] }, /must not be negative/],
    [{ dist: 'discrete', values: [] }, /non-empty/],
    [{ dist: 'discrete', values: [1, 2, 3] }, null],
  ];
  for (const [distribution, expected] of cases) {
    it(`${JSON.stringify(distribution)} → ${expected ?? 'valid'}`, () => {
      const problems = validateDistribution(distribution);
      if (expected === null) assert.deepEqual(problems, []);
      else
        assert.ok(
          problems.some((problem) => expected.test(problem)),
          problems.join('; '),
        );
    });
  }

  it('reports an unknown distribution name', () => {
    assert.match(validateDistribution({ dist: 'poisson' } as unknown as Distribution)[0]!, /unknown distribution/);
  });
});

describe('DISTRIBUTION_SCHEMA', () => {
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(DISTRIBUTION_SCHEMA);

  it('compiles under strict Ajv and accepts every variant', () => {
    const valid: Distribution[] = [
      { dist: 'triangular', min: 1, mode: 2, max: 3 },
      { dist: 'uniform', min: 0, max: 1 },
      { dist: 'normal', mean: 0, sd: 1 },
      { dist: 'normal', mean: 0, sd: 1, min: -2, max: 2 },
      { dist: 'lognormal', mu: 0, sigma: 1 },
      { dist: 'discrete', values: [1, 2], weights: [1, 2] },
      { dist: 'discrete', values: [1] },
    ];
    for (const distribution of valid) assert.ok(validate(distribution), JSON.stringify(validate.errors));
  });

  it('rejects unknown kinds, missing fields, extra fields and a non-positive sd', () => {
    const invalid: unknown[] = [
      { dist: 'poisson', lambda: 1 },
      { dist: 'uniform', min: 0 },
      { dist: 'uniform', min: 0, max: 1, mode: 0.5 },
      { dist: 'normal', mean: 0, sd: 0 },
      { dist: 'discrete', values: [] },
      { min: 0, max: 1 },
      'uniform',
    ];
    for (const distribution of invalid) assert.equal(validate(distribution), false, JSON.stringify(distribution));
  });
});
