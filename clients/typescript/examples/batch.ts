/** A batch of scenarios compared: created, followed to its end, and its scenarios listed. */
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();

  const batch = await client.batches.createAndWait(
    {
      compare: true,
      items: [100, 200, 300].map((rate) => ({
        model_id: 'mdl_service_queue_staffing',
        inputs: { arrival_rate_per_hour: rate, average_handle_time_seconds: 180 },
      })),
    },
    { timeoutMs: 300_000 },
  );
  check(batch.status === 'completed', `the batch completed (${batch.status})`);
  console.log(`${batch.id}: ${JSON.stringify(batch.progress)}`);

  let scenarios = 0;
  for await (const scenario of client.scenarios.list({ batch_id: batch.id, limit: 2 })) {
    scenarios += 1;
    console.log(
      `  ${scenario.id} ${scenario.status} arrival rate ${JSON.stringify(scenario.inputs.arrival_rate_per_hour)}`,
    );
  }
  check(scenarios === 3, `three scenarios, found ${scenarios}`);
});
