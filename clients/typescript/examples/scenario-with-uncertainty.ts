/** A scenario with uncertainty (a seeded Monte Carlo simulation), created and followed until its run ends. */
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();

  const scenario = await client.scenarios.createAndWait(
    {
      model_id: 'mdl_service_queue_staffing',
      name: 'Support desk, Q3 (uncertain demand)',
      inputs: {
        arrival_rate_per_hour: 100,
        average_handle_time_seconds: 180,
        target_service_level: 0.8,
        target_answer_time_seconds: 20,
      },
      uncertainty: { arrival_rate_per_hour: { dist: 'triangular', min: 80, mode: 100, max: 140 } },
      simulation: { runs: 1000, seed: 42 },
    },
    { timeoutMs: 120_000 },
  );
  check(scenario.status === 'completed', `the run completed (${scenario.status})`);
  console.log(`${scenario.id}: ${scenario.status}`);
  console.log(JSON.stringify(scenario.metrics, null, 2).slice(0, 800));
});
