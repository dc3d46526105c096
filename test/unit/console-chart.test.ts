import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kpiChartGeometry, linearScale, valueDomain, type ChartFrame } from '../../api/console/chart';
import { kpiChart, periodLabel, type KpiView } from '../../api/console/kpi-pages';

// A 100 × 100 plot area: x from 10 to 110, y from 110 (bottom) to 10 (top).
const FRAME: ChartFrame = { width: 120, height: 120, pad: { left: 10, right: 10, top: 10, bottom: 10 } };
// Ten days: one day is 10 units across.
const FROM = '2026-11-01T00:00:00.000Z';
const TO = '2026-11-11T00:00:00.000Z';
const day = (d: number) => new Date(Date.UTC(2026, 10, d)).toISOString();

/** Values from 5 to 105 widened by 5 % on each side: the domain is [0, 110], so y = 110 − v·100/110. */
const bandInput = {
  frame: FRAME,
  from: FROM,
  to: TO,
  buckets: [
    { start: day(2), end: day(3), avg: 55 },
    { start: day(5), end: day(6), avg: 11 },
    { start: day(10), end: day(11), avg: 99 },
  ],
  target: { low: 33, high: 77 },
  warning: { low: 22, high: 88 },
  critical: { low: 5, high: 105 },
  alerts: [
    {
      id: 'kal_resolved',
      severity: 'critical' as const,
      from: '2026-11-04T12:00:00.000Z',
      to: '2026-11-06T00:00:00.000Z',
    },
    { id: 'kal_open', severity: 'critical' as const, from: '2026-11-09T06:00:00.000Z', to: null },
    {
      id: 'kal_before',
      severity: 'warning' as const,
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-10-02T00:00:00.000Z',
    },
    {
      id: 'kal_straddling',
      severity: 'warning' as const,
      from: '2026-10-30T00:00:00.000Z',
      to: '2026-11-01T12:00:00.000Z',
    },
  ],
};

describe('console chart geometry', () => {
  it('scales linearly, maps a degenerate domain to the middle, and widens value domains', () => {
    const scale = linearScale([0, 10], [100, 0]);
    assert.equal(scale(0), 100);
    assert.equal(scale(2.5), 75);
    assert.equal(scale(10), 0);
    assert.equal(linearScale([3, 3], [10, 110])(3), 60);
    assert.deepEqual(valueDomain([5, 105, 55], 0.05), [0, 110]);
    assert.deepEqual(valueDomain([7, 7]), [6, 8]);
    assert.deepEqual(valueDomain([1, 4]), [1, 4]);
  });

  it('places one mark per bucket at the middle of its period and its average, the target band, four band lines and the alert periods', () => {
    const geometry = kpiChartGeometry(bandInput);
    assert.deepEqual(geometry.timeDomain, [Date.parse(FROM), Date.parse(TO)]);
    assert.deepEqual(geometry.valueDomain, [0, 110]);
    // Nov 2 runs from 1 to 2 days into the range: its middle is 1.5 days → x = 10 + 15; 55 → y = 110 − 50.
    assert.deepEqual(
      geometry.marks.map(({ x, y, value }) => ({ x, y, value })),
      [
        { x: 25, y: 60, value: 55 },
        { x: 55, y: 100, value: 11 },
        { x: 105, y: 20, value: 99 },
      ],
    );
    // The band's top edge is its high (77 → 40), its height down to its low (33 → 80).
    assert.deepEqual(geometry.target, { kind: 'band', low: 33, high: 77, y: 40, height: 40 });
    assert.deepEqual(
      geometry.lines.map(({ severity, edge, y }) => [severity, edge, y]),
      [
        ['warning', 'low', 90], // 22 → 110 − 20
        ['warning', 'high', 30], // 88 → 110 − 80
        ['critical', 'low', 105.5], // 5 → 110 − 4.545…
        ['critical', 'high', 14.5], // 105 → 110 − 95.454…
      ],
    );
    // Resolved: Nov 4 12:00 (3.5 days → 45) to Nov 6 (5 days → 60). Open: Nov 9 06:00 (8.25 days → 92.5) to the end (110).
    // Before the range: not drawn. Straddling the start: clipped to it (10), to Nov 1 12:00 (15).
    assert.deepEqual(
      geometry.shaded.map(({ id, x, width }) => ({ id, x, width })),
      [
        { id: 'kal_resolved', x: 45, width: 15 },
        { id: 'kal_open', x: 92.5, width: 17.5 },
        { id: 'kal_straddling', x: 10, width: 5 },
      ],
    );
  });

  it("gives an instant alert a 2 px sliver, but never past the right edge (an alert begun in the range's last pixels)", () => {
    const at = (days: number) => new Date(Date.parse(FROM) + days * 86_400_000).toISOString();
    const geometry = kpiChartGeometry({
      frame: FRAME,
      from: FROM,
      to: TO,
      buckets: [],
      target: 50,
      warning: null,
      critical: null,
      alerts: [
        { id: 'kal_instant', severity: 'critical', from: at(4), to: at(4) },
        // 0.05 days before the end: 0.5 px of 100 px for 10 days.
        { id: 'kal_late', severity: 'critical', from: at(9.95), to: null },
      ],
    });
    assert.deepEqual(
      geometry.shaded.map(({ id, x, width }) => ({ id, x, width })),
      [
        { id: 'kal_instant', x: 50, width: 2 },
        { id: 'kal_late', x: 109.5, width: 0.5 },
      ],
    );
  });

  it('draws a target line for a one-sided KPI, and keeps a one-value chart in the middle', () => {
    const geometry = kpiChartGeometry({
      frame: FRAME,
      from: FROM,
      to: TO,
      buckets: [{ start: day(1), end: day(2), avg: 50 }],
      target: 50,
      warning: null,
      critical: null,
      alerts: [],
    });
    assert.deepEqual(geometry.valueDomain, [49, 51]);
    assert.deepEqual(geometry.target, { kind: 'line', value: 50, y: 60 });
    assert.deepEqual(geometry.lines, []);
    assert.deepEqual(
      geometry.marks.map(({ x, y }) => [x, y]),
      [[15, 60]],
    );
    const lowerIsBetter = kpiChartGeometry({
      frame: FRAME,
      from: FROM,
      to: TO,
      buckets: [{ start: day(3), end: day(4), avg: 0 }],
      target: 100,
      warning: 110,
      critical: 210,
      alerts: [],
    });
    // Domain [0, 210] widened by 10.5 → [−10.5, 220.5]; y = 110 − (v + 10.5)·100/231.
    assert.deepEqual(lowerIsBetter.target, { kind: 'line', value: 100, y: 62.2 });
    assert.deepEqual(
      lowerIsBetter.lines.map(({ severity, edge, y }) => [severity, edge, y]),
      [
        ['warning', 'line', 57.8],
        ['critical', 'line', 14.5],
      ],
    );
  });

  it('renders the geometry as SVG with the numbers as a table, escaping the KPI’s text', () => {
    const kpi = {
      id: 'kpi_x',
      name: '<script>x</script>',
      unit: '%',
      direction: 'target_band',
      target: bandInput.target,
      thresholds: { warning: bandInput.warning, critical: bandInput.critical },
      aggregation_period: 'day',
    } as unknown as KpiView;
    const buckets = bandInput.buckets.map((b) => ({ ...b, count: 2, min: b.avg - 1, max: b.avg + 1, last: b.avg }));
    const markup = kpiChart({ kpi, from: FROM, to: TO, buckets, alerts: bandInput.alerts, frame: FRAME }).value;
    assert.equal((markup.match(/<circle class="mark"/g) ?? []).length, 3);
    assert.equal((markup.match(/<line class="threshold /g) ?? []).length, 4);
    assert.equal((markup.match(/<rect class="target-band"/g) ?? []).length, 1);
    assert.match(
      markup,
      /<rect class="alert-period severity-critical" data-alert-id="kal_resolved" data-from="2026-11-04T12:00:00.000Z" data-to="2026-11-06T00:00:00.000Z" x="45" y="10" width="15" height="100"/,
    );
    assert.match(markup, /<polyline class="values" points="25,60 55,100 105,20"/);
    assert.match(
      markup,
      /<th scope="row"><time datetime="2026-11-05T00:00:00.000Z">2026-11-05<\/time><\/th><td>2<\/td><td>11<\/td><td>10<\/td><td>12<\/td><td>11<\/td>/,
    );
    assert.doesNotMatch(markup, /<script>/);
    assert.equal(periodLabel('2026-11-16T00:00:00.000Z', 'week'), 'Week of 2026-11-16');
    assert.equal(periodLabel('2026-10-01T00:00:00.000Z', 'quarter'), '2026 Q4');
    assert.equal(periodLabel('2026-10-01T00:00:00.000Z', 'month'), '2026-10');
  });
});
