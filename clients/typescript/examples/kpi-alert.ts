/** A KPI with an alert rule: points below the critical line fire an alert, which is acknowledged. */
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();

  const kpi = await client.kpis.create({
    name: `Service level ${Date.now()}`,
    unit: 'ratio',
    direction: 'higher_is_better',
    target: 0.8,
    warning_threshold: { value: 0.75 },
    critical_threshold: { value: 0.7 },
    aggregation_period: 'week',
  });
  await client.kpiAlerts.createRule(kpi.id, {
    name: 'Service level critical',
    kind: 'threshold',
    severity: 'critical',
    recovery_threshold: { value: 0.75 },
    for_points: 2,
  });

  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  await client.kpis.recordPoints(kpi.id, {
    points: [
      { timestamp: ago(60), value: 0.66 },
      { timestamp: ago(30), value: 0.64, note: 'storm outage' },
    ],
  });

  // The worker evaluates the rule: wait for the alert to fire.
  const deadline = Date.now() + 120_000;
  let alertId: string | undefined;
  while (!alertId) {
    check(Date.now() < deadline, 'the alert fired');
    for await (const alert of client.kpiAlerts.listAlerts({ kpi_id: kpi.id, state: 'firing' })) alertId = alert.id;
    if (!alertId) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const alert = await client.kpiAlerts.getAlert(alertId);
  console.log(`${alert.id} ${alert.state} ${alert.severity}: ${JSON.stringify(alert.explanation)}`);
  const acknowledged = await client.kpiAlerts.acknowledgeAlert(alertId, {});
  check(acknowledged.state === 'acknowledged', `acknowledged (${acknowledged.state})`);
  console.log(`acknowledged at ${acknowledged.acknowledged?.at}`);
});
