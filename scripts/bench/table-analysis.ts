/**
 * Bench part BENCH_ONLY_ANALYSIS=1: decision-table verification in-process (no stack): analyseVersion on a
 * 100-rule × 8-input and a 1,000-rule × 10-input JDM table (p50/p95 of BENCH_ANALYSIS_RUNS runs), and generateCases
 * on a 100-rule table (cases, time, rule coverage). The tables are seeded, so every run analyses the same ones.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { analyseVersion, generateCases } from '../../decision/verification';

/**
 * A seeded table shaped like real ones: its first driver columns cut into ten bands each and every combination of
 * bands a rule (10 × 10 = 100 rules, 10 × 10 × 10 = 1,000); the other columns mostly blank, with a condition in one
 * cell of ten (which leaves a gap beside it), a few rules dropped (gaps) and a few bands widened (overlaps).
 * `shape: 'random'` instead fills every cell at random: the fragmented worst case, where the budget has to stop.
 */
export function benchTable(
  rules: number,
  inputs: number,
  seed = 1,
  shape: 'banded' | 'random' = 'banded',
): { graph: unknown; inputSchema: unknown } {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const tiers = ['gold', 'silver', 'bronze', 'basic', 'trial', 'staff'];
  const kind = (c: number) => (['number', 'number', 'string', 'boolean'] as const)[c % 4];
  const band = (index: number) =>
    index === 0 ? '< 12' : index === 9 ? '>= 108' : `[${index * 12}..${index * 12 + 12})`;
  const randomCell = (c: number): string => {
    switch (kind(c)) {
      case 'number': {
        const a = pick([0, 12, 24, 36, 48, 60, 72, 84, 96, 108]);
        return pick([`[${a}..${a + pick([12, 24])})`, `< ${a}`, `>= ${a}`]);
      }
      case 'string':
        return JSON.stringify(pick(tiers));
      default:
        return pick(['true', 'false']);
    }
  };
  const columns = Array.from({ length: inputs }, (_, c) => ({ id: `i${c}`, name: `input ${c}`, field: `f${c}` }));
  const drivers = columns
    .map((_, c) => c)
    .filter((c) => kind(c) === 'number')
    .slice(0, Math.round(Math.log10(rules)));
  const rows = Array.from({ length: rules }, (_, r) => {
    const cells: Record<string, string> = { _id: `r${r + 1}`, o: String(r % 7) };
    columns.forEach((column, c) => {
      const driver = drivers.indexOf(c);
      if (shape === 'random') cells[column.id] = random() < 0.35 ? '' : randomCell(c);
      else if (driver >= 0) {
        const index = Math.floor(r / 10 ** driver) % 10;
        const widened = random() < 0.03 && index < 9;
        cells[column.id] = widened ? `[${index * 12}..${index * 12 + 18})` : band(index);
      } else cells[column.id] = random() < 0.1 ? randomCell(c) : '';
    });
    return cells;
  }).filter(() => shape === 'random' || random() >= 0.03);
  const graph = {
    nodes: [
      { id: 'in', name: 'Input', type: 'inputNode' },
      {
        id: 't',
        name: 'Table',
        type: 'decisionTableNode',
        content: {
          hitPolicy: 'first',
          inputs: columns,
          outputs: [{ id: 'o', name: 'out', field: 'out' }],
          rules: rows,
        },
      },
      { id: 'out', name: 'Output', type: 'outputNode' },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 't' },
      { id: 'e2', sourceId: 't', targetId: 'out' },
    ],
  };
  const properties = Object.fromEntries(
    columns.map((column, c) => [
      column.field,
      kind(c) === 'number'
        ? { type: 'number', minimum: 0, maximum: 120 }
        : kind(c) === 'string'
          ? { type: 'string', enum: tiers }
          : { type: 'boolean' },
    ]),
  );
  return { graph, inputSchema: { type: 'object', properties } };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

export async function benchTableAnalysis(runs = Number(process.env.BENCH_ANALYSIS_RUNS ?? 10)): Promise<void> {
  console.log('\n## Decision-table verification (in-process)\n');
  console.log(
    `Load average at the start: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs (wall times include waiting for a CPU).\n`,
  );
  console.log('| table | rules | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms | gaps | overlaps | masked | complete |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [rules, inputs, shape] of [
    [100, 8, 'banded'],
    [1000, 10, 'banded'],
    [1000, 10, 'random'],
  ] as const) {
    const { graph, inputSchema } = benchTable(rules, inputs, 1, shape);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let last: ReturnType<typeof analyseVersion> | undefined;
    for (let run = 0; run < runs + 2; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      last = analyseVersion({ format: 'jdm', content: graph, input_schema: inputSchema });
      const used = process.cpuUsage(cpu);
      if (run >= 2) {
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const s = last?.summary;
    console.log(
      `| ${rules} × ${inputs} ${shape} | ${last?.tables[0]?.rules} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${percentile(cpuTimes, 0.5).toFixed(1)} | ${percentile(cpuTimes, 0.95).toFixed(1)} | ${s?.gaps} | ${s?.overlaps} | ${s?.masked} | ${last?.complete} |`,
    );
  }
  const { graph, inputSchema } = benchTable(100, 8, 7);
  const started = performance.now();
  const suite = generateCases({ format: 'jdm', content: graph, input_schema: inputSchema });
  const elapsed = performance.now() - started;
  console.log(
    `\nGenerated suite, 100 × 8: ${suite.cases.length} cases in ${elapsed.toFixed(1)} ms; rules fired ${suite.coverage.covered} of ${suite.coverage.rules} (${suite.unreachable.length} unreachable)`,
  );
}

if (require.main === module) void benchTableAnalysis();
