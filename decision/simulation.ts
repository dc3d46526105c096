/**
 * Monte Carlo uncertainty analysis: sample the uncertain inputs from their distributions, run the model once per
 * sample, and summarise how each numeric metric is spread and which inputs drive it.
 *
 * Pure and deterministic: all randomness comes from `createRandom(seed)`, inputs are sampled in sorted name order
 * and every statistic is computed in a fixed order, so the same options always give an identical result.
 */
import { createRandom } from './random';
import type { JsonSchema, ModelInputs, ModelResult } from './types';

export type Distribution =
  | { dist: 'triangular'; min: number; mode: number; max: number }
  | { dist: 'uniform'; min: number; max: number }
  /** `min`/`max` clamp samples (a sample below `min` becomes `min`): a censored normal, not a truncated one. */
  | { dist: 'normal'; mean: number; sd: number; min?: number; max?: number }
  /** The exponential of a normal with mean `mu` and standard deviation `sigma` (log-scale parameters). */
  | { dist: 'lognormal'; mu: number; sigma: number }
  /** One of `values`, with probability proportional to `weights` (equal probabilities when omitted). */
  | { dist: 'discrete'; values: number[]; weights?: number[] };

/** Bounds the size of a discrete distribution so one request cannot make sampling arbitrarily slow. */
const MAX_DISCRETE_VALUES = 1000;

/**
 * JSON Schema (2020-12) of one `Distribution`. Semantic rules it cannot express (min ≤ mode ≤ max, as many
 * weights as values, a positive total weight) are checked by `validateDistribution`.
 */
export const DISTRIBUTION_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Distribution',
  description: 'A probability distribution for one numeric input in a Monte Carlo simulation.',
  type: 'object',
  required: ['dist'],
  oneOf: [
    {
      title: 'Triangular',
      description: 'Triangular distribution on [min, max] peaking at mode. Requires min ≤ mode ≤ max.',
      type: 'object',
      properties: {
        dist: { const: 'triangular' },
        min: { type: 'number', description: 'Lowest possible value.' },
        mode: { type: 'number', description: 'Most likely value.' },
        max: { type: 'number', description: 'Highest possible value.' },
      },
      required: ['dist', 'min', 'mode', 'max'],
      additionalProperties: false,
    },
    {
      title: 'Uniform',
      description: 'Every value in [min, max) equally likely. Requires min ≤ max.',
      type: 'object',
      properties: {
        dist: { const: 'uniform' },
        min: { type: 'number', description: 'Lower bound.' },
        max: { type: 'number', description: 'Upper bound.' },
      },
      required: ['dist', 'min', 'max'],
      additionalProperties: false,
    },
    {
      title: 'Normal',
      description:
        'Normal (Gaussian) distribution. Optional min/max clamp samples to that range: values beyond a bound are ' +
        'replaced by the bound, so probability piles up at the bounds (censoring, not truncation).',
      type: 'object',
      properties: {
        dist: { const: 'normal' },
        mean: { type: 'number', description: 'Mean.' },
        sd: { type: 'number', exclusiveMinimum: 0, description: 'Standard deviation; positive.' },
        min: { type: 'number', description: 'Optional lower clamp.' },
        max: { type: 'number', description: 'Optional upper clamp.' },
      },
      required: ['dist', 'mean', 'sd'],
      additionalProperties: false,
    },
    {
      title: 'Lognormal',
      description: 'exp(X) where X is normal with mean mu and standard deviation sigma (log-scale parameters).',
      type: 'object',
      properties: {
        dist: { const: 'lognormal' },
        mu: { type: 'number', description: 'Mean of the logarithm.' },
        sigma: { type: 'number', exclusiveMinimum: 0, description: 'Standard deviation of the logarithm; positive.' },
      },
      required: ['dist', 'mu', 'sigma'],
      additionalProperties: false,
    },
    {
      title: 'Discrete',
      description:
        'One of the listed values, with probability proportional to its weight (all equal when weights are ' +
        'omitted). weights, when given, must have one entry per value and a positive total.',
      type: 'object',
      properties: {
        dist: { const: 'discrete' },
        values: {
          type: 'array',
          items: { type: 'number' },
          minItems: 1,
          maxItems: MAX_DISCRETE_VALUES,
          description: 'The possible values.',
        },
        weights: {
          type: 'array',
          items: { type: 'number', minimum: 0 },
          minItems: 1,
          maxItems: MAX_DISCRETE_VALUES,
          description: 'Relative probability of each value; non-negative.',
        },
      },
      required: ['dist', 'values'],
      additionalProperties: false,
    },
  ],
};

/** The value an uncertain input takes in the base (point) run when the client gave only its distribution. */
export function centralValue(distribution: Distribution): number {
  switch (distribution.dist) {
    case 'triangular':
      return distribution.mode;
    case 'uniform':
      return (distribution.min + distribution.max) / 2;
    case 'normal':
      return distribution.mean;
    case 'lognormal':
      return Math.exp(distribution.mu);
    case 'discrete': {
      const weights = distribution.weights ?? distribution.values.map(() => 1);
      const total = weights.reduce((a, b) => a + b, 0);
      return distribution.values.reduce((sum, value, i) => sum + value * (weights[i] as number), 0) / total;
    }
  }
}

/**
 * Problems with a distribution that its schema cannot catch, as human-readable sentences; empty when it is
 * usable. Also rejects non-finite numbers, so it is safe on values that never went through the schema.
 */
export function validateDistribution(distribution: Distribution): string[] {
  const problems: string[] = [];
  const requireFinite = (field: string, value: unknown): boolean => {
    if (typeof value === 'number' && Number.isFinite(value)) return true;
    problems.push(`${field} must be a finite number`);
    return false;
  };

  switch (distribution.dist) {
    case 'triangular': {
      const { min, mode, max } = distribution;
      const finite = [requireFinite('min', min), requireFinite('mode', mode), requireFinite('max', max)];
      if (finite.every(Boolean) && !(min <= mode && mode <= max)) {
        problems.push(`triangular requires min ≤ mode ≤ max (got min ${min}, mode ${mode}, max ${max})`);
      }
      break;
    }
    case 'uniform': {
      const { min, max } = distribution;
      if (requireFinite('min', min) && requireFinite('max', max) && min > max) {
        problems.push(`uniform requires min ≤ max (got min ${min}, max ${max})`);
      }
      break;
    }
    case 'normal': {
      const { mean, sd, min, max } = distribution;
      requireFinite('mean', mean);
      if (requireFinite('sd', sd) && sd <= 0) problems.push(`sd must be positive (got ${sd})`);
      const minOk = min === undefined || requireFinite('min', min);
      const maxOk = max === undefined || requireFinite('max', max);
      if (minOk && maxOk && min !== undefined && max !== undefined && min > max) {
        problems.push(`normal requires min ≤ max (got min ${min}, max ${max})`);
      }
      break;
    }
    case 'lognormal': {
      const { mu, sigma } = distribution;
      requireFinite('mu', mu);
      if (requireFinite('sigma', sigma) && sigma <= 0) problems.push(`sigma must be positive (got ${sigma})`);
      break;
    }
    case 'discrete': {
      const { values, weights } = distribution;
      if (!Array.isArray(values) || values.length === 0) {
        problems.push('values must be a non-empty array');
      } else {
        if (values.length > MAX_DISCRETE_VALUES) {
          problems.push(`values may have at most ${MAX_DISCRETE_VALUES} entries`);
        }
        values.forEach((value, index) => requireFinite(`values[${index}]`, value));
      }
      if (weights !== undefined) {
        if (!Array.isArray(weights)) {
          problems.push('weights must be an array');
          break;
        }
        if (Array.isArray(values) && weights.length !== values.length) {
          problems.push(`weights must have one entry per value (${values.length} values, ${weights.length} weights)`);
        }
        let total = 0;
        let allUsable = true;
        weights.forEach((weight, index) => {
          if (!requireFinite(`weights[${index}]`, weight)) {
            allUsable = false;
          } else if (weight < 0) {
            allUsable = false;
            problems.push(`weights[${index}] must not be negative (got ${weight})`);
          } else {
            total += weight;
          }
        });
        if (allUsable && total <= 0) problems.push('weights must have a positive total');
      }
      break;
    }
    default: {
      const unknown: { dist?: unknown } = distribution;
      problems.push(`unknown distribution ${JSON.stringify(unknown.dist)}`);
    }
  }
  return problems;
}

/** Builds a sampler for a distribution that passed `validateDistribution`. */
function samplerFor(distribution: Distribution, random: () => number): () => number {
  // Box–Muller, cosine branch only, so each normal draw consumes exactly two uniforms and the stream stays aligned
  // across runs. 1 - random() is in (0, 1], which keeps the logarithm finite.
  const standardNormal = (): number => {
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    return radius * Math.cos(2 * Math.PI * random());
  };

  switch (distribution.dist) {
    case 'triangular': {
      const { min, mode, max } = distribution;
      const width = max - min;
      if (width === 0) return () => min;
      const modeFraction = (mode - min) / width;
      // Inverse of the triangular CDF.
      return () => {
        const u = random();
        return u < modeFraction
          ? min + Math.sqrt(u * width * (mode - min))
          : max - Math.sqrt((1 - u) * width * (max - mode));
      };
    }
    case 'uniform': {
      const { min, max } = distribution;
      return () => min + random() * (max - min);
    }
    case 'normal': {
      const { mean, sd } = distribution;
      const lower = distribution.min ?? -Infinity;
      const upper = distribution.max ?? Infinity;
      return () => Math.min(upper, Math.max(lower, mean + sd * standardNormal()));
    }
    case 'lognormal': {
      const { mu, sigma } = distribution;
      return () => Math.exp(mu + sigma * standardNormal());
    }
    case 'discrete': {
      const { values } = distribution;
      const weights = distribution.weights ?? values.map(() => 1);
      const cumulative: number[] = [];
      let total = 0;
      for (const weight of weights) {
        total += weight;
        cumulative.push(total);
      }
      return () => {
        const target = random() * total;
        // First index whose cumulative weight exceeds the target; zero-weight values can never be picked.
        let low = 0;
        let high = cumulative.length - 1;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if ((cumulative[middle] as number) > target) high = middle;
          else low = middle + 1;
        }
        return values[low] as number;
      };
    }
  }
}

/**
 * The `percent`-th percentile (0–100) of values sorted ascending, by linear interpolation between the closest
 * ranks: position h = (n − 1) · percent / 100, result = x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋+1] − x[⌊h⌋]). This is
 * Hyndman & Fan's type 7, the default of R, NumPy and Excel's PERCENTILE.INC.
 */
export function percentileOfSorted(sorted: ArrayLike<number>, percent: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of an empty sample');
  if (!(percent >= 0 && percent <= 100)) throw new RangeError(`percent must be in [0, 100], got ${percent}`);
  const position = ((sorted.length - 1) * percent) / 100;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const lowerValue = sorted[below] as number;
  return lowerValue + (position - below) * ((sorted[above] as number) - lowerValue);
}

/** 1-based ranks of `values`; tied values share the average of the ranks they span. */
function averageRanks(values: ArrayLike<number>): Float64Array {
  const count = values.length;
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (left, right) => (values[left] as number) - (values[right] as number),
  );
  const ranks = new Float64Array(count);
  let start = 0;
  while (start < count) {
    let end = start + 1;
    while (end < count && values[order[end] as number] === values[order[start] as number]) end += 1;
    const sharedRank = (start + 1 + end) / 2;
    for (let position = start; position < end; position += 1) ranks[order[position] as number] = sharedRank;
    start = end;
  }
  return ranks;
}

/** Pearson correlation; 0 when either side has no variance (the correlation is undefined there). */
function pearsonCorrelation(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const count = xs.length;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < count; i += 1) {
    sumX += xs[i] as number;
    sumY += ys[i] as number;
  }
  const meanX = sumX / count;
  const meanY = sumY / count;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < count; i += 1) {
    const dx = (xs[i] as number) - meanX;
    const dy = (ys[i] as number) - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return 0;
  // Rounding can push |r| a hair past 1 for perfectly monotone data.
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceX * varianceY)));
}

/** Spearman's rank correlation: Pearson's correlation of the average ranks. 0 when either side is constant. */
export function spearmanCorrelation(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  if (xs.length !== ys.length) throw new RangeError(`samples differ in length (${xs.length} vs ${ys.length})`);
  if (xs.length < 2) return 0;
  return pearsonCorrelation(averageRanks(xs), averageRanks(ys));
}

export interface MetricSummary {
  mean: number;
  /** Sample standard deviation (n − 1 denominator); 0 for a single run. */
  sd: number;
  p5: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export interface InputSensitivity {
  input: string;
  /** Spearman rank correlation between the sampled input and the metric, in [−1, 1]. */
  correlation: number;
  /** 1 = the strongest influence (largest |correlation|); ties ordered by input name. */
  rank: number;
}

export interface SimulationResult {
  runs: number;
  seed: number;
  /** Summaries of the metrics that were a finite number in every run. */
  metrics: Record<string, MetricSummary>;
  /** Per numeric metric, the uncertain inputs ordered by how strongly they move it. */
  sensitivity: Record<string, InputSensitivity[]>;
  /** Metrics left out of `metrics`: a string, non-finite or missing in at least one run. Sorted. */
  non_numeric_metrics: string[];
}

export interface SimulationOptions {
  evaluate: (inputs: ModelInputs) => ModelResult;
  baseInputs: ModelInputs;
  /** Inputs to vary, by name; each run replaces the base value with a sample. */
  uncertainty: Record<string, Distribution>;
  runs: number;
  seed: number;
}

/** For models that evaluate asynchronously, such as JDM graphs run by the ZEN engine. */
export type AsyncSimulationOptions = Omit<SimulationOptions, 'evaluate'> & {
  evaluate: (inputs: ModelInputs) => Promise<ModelResult> | ModelResult;
};

/** The uncertainty specification is unusable; `problems` names each offending input. */
export class InvalidUncertaintyError extends Error {
  constructor(readonly problems: Array<{ input: string; message: string }>) {
    super(`invalid uncertainty: ${problems.map((problem) => `${problem.input}: ${problem.message}`).join('; ')}`);
    this.name = 'InvalidUncertaintyError';
  }
}

function summarise(samples: Float64Array): MetricSummary {
  const count = samples.length;
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += samples[i] as number;
  const mean = sum / count;
  let squaredDeviations = 0;
  for (let i = 0; i < count; i += 1) {
    const deviation = (samples[i] as number) - mean;
    squaredDeviations += deviation * deviation;
  }
  const sorted = Float64Array.from(samples).sort();
  return {
    mean,
    sd: count > 1 ? Math.sqrt(squaredDeviations / (count - 1)) : 0,
    p5: percentileOfSorted(sorted, 5),
    p50: percentileOfSorted(sorted, 50),
    p95: percentileOfSorted(sorted, 95),
    min: sorted[0] as number,
    max: sorted[count - 1] as number,
  };
}

/** Every run's inputs, drawn before any evaluation: the model never touches the generator, so drawing up front
 *  gives exactly the samples that drawing run by run would. */
interface SampledRuns {
  inputNames: string[];
  /** Per uncertain input (in `inputNames` order), its value in each run. */
  samples: Float64Array[];
  inputsFor(run: number): ModelInputs;
}

function sampleRuns(options: Omit<SimulationOptions, 'evaluate'>): SampledRuns {
  const { baseInputs, uncertainty, runs, seed } = options;
  if (!Number.isSafeInteger(runs) || runs < 1) throw new RangeError(`runs must be a positive integer, got ${runs}`);

  // Sorted so the stream of random numbers is assigned to inputs the same way whatever the object's key order.
  const inputNames = Object.keys(uncertainty).sort();
  const problems: Array<{ input: string; message: string }> = [];
  if (inputNames.length === 0) problems.push({ input: '', message: 'at least one uncertain input is required' });
  for (const name of inputNames) {
    for (const message of validateDistribution(uncertainty[name] as Distribution)) {
      problems.push({ input: name, message });
    }
    if (typeof baseInputs[name] === 'string') {
      problems.push({ input: name, message: 'is a text input; only numeric inputs can be given a distribution' });
    }
  }
  if (problems.length > 0) throw new InvalidUncertaintyError(problems);

  const random = createRandom(seed);
  const samplers = inputNames.map((name) => samplerFor(uncertainty[name] as Distribution, random));
  const samples = inputNames.map(() => new Float64Array(runs));
  for (let run = 0; run < runs; run += 1) {
    for (let index = 0; index < samplers.length; index += 1) {
      (samples[index] as Float64Array)[run] = (samplers[index] as () => number)();
    }
  }
  return {
    inputNames,
    samples,
    inputsFor(run) {
      const inputs: ModelInputs = { ...baseInputs };
      inputNames.forEach((name, index) => {
        inputs[name] = (samples[index] as Float64Array)[run] as number;
      });
      return inputs;
    },
  };
}

function runFailure(run: number, inputs: ModelInputs, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`simulation run ${run + 1} failed with inputs ${JSON.stringify(inputs)}: ${message}`, {
    cause: error,
  });
}

/** Gathers each run's metrics; a metric is kept only while it is a finite number in every run so far. */
class MetricRecorder {
  private readonly samples = new Map<string, Float64Array>();
  private readonly nonNumeric = new Set<string>();

  constructor(private readonly runs: number) {}

  record(run: number, metrics: ModelResult['metrics']): void {
    for (const [name, value] of Object.entries(metrics)) {
      if (this.nonNumeric.has(name)) continue;
      let samples = this.samples.get(name);
      // A metric first seen after run 1 was missing earlier, so it cannot be summarised over all runs.
      if (typeof value !== 'number' || !Number.isFinite(value) || (samples === undefined && run > 0)) {
        this.nonNumeric.add(name);
        this.samples.delete(name);
        continue;
      }
      if (samples === undefined) {
        samples = new Float64Array(this.runs);
        this.samples.set(name, samples);
      }
      samples[run] = value;
    }
    // Nor can a metric that is missing from this run.
    for (const name of this.samples.keys()) {
      if (!Object.hasOwn(metrics, name)) {
        this.nonNumeric.add(name);
        this.samples.delete(name);
      }
    }
  }

  result(sampled: SampledRuns, seed: number): SimulationResult {
    const metrics: Record<string, MetricSummary> = {};
    const sensitivity: Record<string, InputSensitivity[]> = {};
    const inputRanks = sampled.samples.map((samples) => averageRanks(samples));
    for (const name of [...this.samples.keys()].sort()) {
      const samples = this.samples.get(name) as Float64Array;
      metrics[name] = summarise(samples);
      const metricRanks = averageRanks(samples);
      const correlations = sampled.inputNames.map((input, index) => ({
        input,
        correlation: pearsonCorrelation(inputRanks[index] as Float64Array, metricRanks),
      }));
      correlations.sort(
        (left, right) =>
          Math.abs(right.correlation) - Math.abs(left.correlation) || (left.input < right.input ? -1 : 1),
      );
      sensitivity[name] = correlations.map((entry, index) => ({ ...entry, rank: index + 1 }));
    }
    return { runs: this.runs, seed, metrics, sensitivity, non_numeric_metrics: [...this.nonNumeric].sort() };
  }
}

/**
 * Runs the model `runs` times with the uncertain inputs sampled, and summarises the numeric metrics.
 *
 * Throws `InvalidUncertaintyError` for unusable distributions, an uncertain input whose base value is a string,
 * or nothing to vary; `RangeError` for a bad `runs` or `seed`. An exception from `evaluate` is rethrown naming the
 * run number and its inputs, with the original as `cause`.
 */
export function runSimulation(options: SimulationOptions): SimulationResult {
  const sampled = sampleRuns(options);
  const recorder = new MetricRecorder(options.runs);
  for (let run = 0; run < options.runs; run += 1) {
    const inputs = sampled.inputsFor(run);
    let result: ModelResult;
    try {
      result = options.evaluate(inputs);
    } catch (error) {
      throw runFailure(run, inputs, error);
    }
    recorder.record(run, result.metrics);
  }
  return recorder.result(sampled, options.seed);
}

/**
 * `runSimulation` for a model that evaluates asynchronously. Runs are evaluated one after another, so the result
 * is identical to `runSimulation`'s for the same model, seed and options.
 */
export async function runSimulationAsync(options: AsyncSimulationOptions): Promise<SimulationResult> {
  const sampled = sampleRuns(options);
  const recorder = new MetricRecorder(options.runs);
  for (let run = 0; run < options.runs; run += 1) {
    const inputs = sampled.inputsFor(run);
    let result: ModelResult;
    try {
      result = await options.evaluate(inputs);
    } catch (error) {
      throw runFailure(run, inputs, error);
    }
    recorder.record(run, result.metrics);
  }
  return recorder.result(sampled, options.seed);
}
