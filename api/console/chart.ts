import type { Band, Line } from '../../rules/kpis/status';

/**
 * The geometry of the console's inline SVG charts, as pure functions (no markup, no I/O), so the charts (outcomes on
 * the decision page, values on the KPI page, evaluations per day on a model version's page) place things the same way
 * and the arithmetic is unit-tested on its own.
 * Coordinates are SVG user units: x grows to the right, y grows downwards (larger values are drawn higher).
 */

export interface ChartFrame {
  width: number;
  height: number;
  pad: { left: number; right: number; top: number; bottom: number };
}

/** The outcomes chart's frame (one small chart per metric). */
export const OUTCOME_FRAME: ChartFrame = { width: 480, height: 180, pad: { left: 56, right: 12, top: 12, bottom: 28 } };
/** The KPI chart's frame (one chart per page, room for the threshold labels on the right). */
export const KPI_FRAME: ChartFrame = { width: 720, height: 260, pad: { left: 64, right: 16, top: 12, bottom: 28 } };

/** Maps `domain` linearly onto `range`; a degenerate domain (one value) maps to the middle of the range. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** The horizontal scale of a frame: `domain` (e.g. epoch milliseconds) onto the plot area, left to right. */
export const xScaleOf = (frame: ChartFrame, domain: readonly [number, number]) =>
  linearScale(domain, [frame.pad.left, frame.width - frame.pad.right]);
/** The vertical scale of a frame: the domain's low end at the bottom of the plot area, its high end at the top. */
export const yScaleOf = (frame: ChartFrame, domain: readonly [number, number]) =>
  linearScale(domain, [frame.height - frame.pad.bottom, frame.pad.top]);

/** The smallest and largest value, widened by `margin` of the span on both sides; one distinct value gets ±1. */
export function valueDomain(values: readonly number[], margin = 0): [number, number] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) return [min - 1, max + 1];
  const extra = (max - min) * margin;
  return [min - extra, max + extra];
}

/** A coordinate as it is written into the SVG (one decimal: sub-pixel enough, and stable in tests). */
export const coordinate = (value: number) => Number(value.toFixed(1));

const isBand = (line: Line): line is Band => typeof line === 'object';
const lineValues = (line: Line | null): number[] =>
  line === null ? [] : isBand(line) ? [line.low, line.high] : [line];

/** One bucket of the KPI's values (as GET /kpis/{id}/values?bucket= returns it). */
export interface ChartBucket {
  start: string;
  end: string;
  avg: number;
}

/** A span of time during which an alert was open, in the chart's time (the KPI's point timestamps). */
export interface ChartAlertSpan {
  id: string;
  severity: 'warning' | 'critical';
  from: string;
  /** null: still open (shaded to the end of the range). */
  to: string | null;
}

export interface KpiChartInput {
  frame?: ChartFrame;
  /** The range shown, [from, to). */
  from: string;
  to: string;
  buckets: ChartBucket[];
  target: number | Band;
  warning: Line | null;
  critical: Line | null;
  alerts: ChartAlertSpan[];
}

export interface KpiChartGeometry {
  frame: ChartFrame;
  /** Epoch milliseconds of the range's ends, left and right edge of the plot area. */
  timeDomain: [number, number];
  /** Values at the bottom and top edge of the plot area. */
  valueDomain: [number, number];
  /** One mark per bucket: at the middle of its period, at its average. */
  marks: Array<{ start: string; x: number; y: number; value: number }>;
  target:
    { kind: 'line'; value: number; y: number } | { kind: 'band'; low: number; high: number; y: number; height: number };
  /** The warning and critical lines (a band threshold gives two lines, its low and its high edge). */
  lines: Array<{ severity: 'warning' | 'critical'; edge: 'line' | 'low' | 'high'; value: number; y: number }>;
  /** One shaded rectangle per alert span that overlaps the range, clipped to it. */
  shaded: Array<{
    id: string;
    severity: 'warning' | 'critical';
    from: string;
    to: string | null;
    x: number;
    width: number;
  }>;
}

/**
 * Where everything of the KPI chart goes. The vertical domain holds every bucket average, the target and the
 * threshold lines (so a line is always visible even when the values stay far from it), widened by 5 % of its span.
 */
export function kpiChartGeometry(input: KpiChartInput): KpiChartGeometry {
  const frame = input.frame ?? KPI_FRAME;
  const timeDomain: [number, number] = [Date.parse(input.from), Date.parse(input.to)];
  const targetValues = isBand(input.target) ? [input.target.low, input.target.high] : [input.target];
  const domain = valueDomain(
    [...input.buckets.map((b) => b.avg), ...targetValues, ...lineValues(input.warning), ...lineValues(input.critical)],
    0.05,
  );
  const x = xScaleOf(frame, timeDomain);
  const y = yScaleOf(frame, domain);
  const clampTime = (t: number) => Math.min(Math.max(t, timeDomain[0]), timeDomain[1]);

  const marks = input.buckets.map((b) => ({
    start: b.start,
    x: coordinate(x((Date.parse(b.start) + Date.parse(b.end)) / 2)),
    y: coordinate(y(b.avg)),
    value: b.avg,
  }));
  const target: KpiChartGeometry['target'] = isBand(input.target)
    ? {
        kind: 'band',
        low: input.target.low,
        high: input.target.high,
        y: coordinate(y(input.target.high)),
        height: coordinate(y(input.target.low) - y(input.target.high)),
      }
    : { kind: 'line', value: input.target, y: coordinate(y(input.target)) };
  const lines: KpiChartGeometry['lines'] = [];
  for (const [severity, line] of [
    ['warning', input.warning],
    ['critical', input.critical],
  ] as const) {
    if (line === null) continue;
    if (isBand(line)) {
      lines.push(
        { severity, edge: 'low', value: line.low, y: coordinate(y(line.low)) },
        { severity, edge: 'high', value: line.high, y: coordinate(y(line.high)) },
      );
    } else {
      lines.push({ severity, edge: 'line', value: line, y: coordinate(y(line)) });
    }
  }
  const shaded = input.alerts.flatMap((alert) => {
    const from = Date.parse(alert.from);
    const to = alert.to === null ? timeDomain[1] : Date.parse(alert.to);
    if (to < timeDomain[0] || from > timeDomain[1]) return [];
    const x1 = coordinate(x(clampTime(from)));
    const x2 = coordinate(x(clampTime(to)));
    // A span of one instant (a single breaching point that fired and recovered at once) still gets a visible sliver,
    // never reaching past the plot's right edge (an alert that began in the last 2 px of the range ends there).
    const right = coordinate(x(timeDomain[1]));
    return [
      {
        id: alert.id,
        severity: alert.severity,
        from: alert.from,
        to: alert.to,
        x: x1,
        width: coordinate(Math.min(Math.max(x2 - x1, 2), right - x1)),
      },
    ];
  });
  return { frame, timeDomain, valueDomain: domain, marks, target, lines, shaded };
}

/** The counts chart's frame (a version's evaluations per day on its page). */
export const COUNTS_FRAME: ChartFrame = { width: 720, height: 200, pad: { left: 48, right: 12, top: 12, bottom: 28 } };

/** One bucket's count (evaluations recorded in a day, say), drawn as a bar spanning the bucket's period. */
export interface CountBar {
  start: string;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bars of counts per bucket over [from, to): each bar spans its bucket's period (clipped to the range, less a 1-unit
 * gap so neighbours stay apart), from zero up to its count. The vertical domain is [0, the largest count] (at least 1,
 * so a range of zeros still has a scale); buckets outside the range are left out.
 */
export function countBarsGeometry(input: {
  frame?: ChartFrame;
  from: string;
  to: string;
  bucketMs: number;
  counts: ReadonlyArray<{ start: string; count: number }>;
}): { frame: ChartFrame; timeDomain: [number, number]; max: number; bars: CountBar[] } {
  const frame = input.frame ?? COUNTS_FRAME;
  const timeDomain: [number, number] = [Date.parse(input.from), Date.parse(input.to)];
  const max = Math.max(1, ...input.counts.map((c) => c.count));
  const x = xScaleOf(frame, timeDomain);
  const y = yScaleOf(frame, [0, max]);
  const clampTime = (t: number) => Math.min(Math.max(t, timeDomain[0]), timeDomain[1]);
  const bars = input.counts.flatMap((c) => {
    const start = Date.parse(c.start);
    if (start + input.bucketMs <= timeDomain[0] || start >= timeDomain[1]) return [];
    const x1 = x(clampTime(start));
    const x2 = x(clampTime(start + input.bucketMs));
    const top = y(c.count);
    return [
      {
        start: c.start,
        count: c.count,
        x: coordinate(x1),
        y: coordinate(top),
        width: coordinate(Math.max(x2 - x1 - 1, 1)),
        height: coordinate(y(0) - top),
      },
    ];
  });
  return { frame, timeDomain, max, bars };
}
