/** An integration sync: a CSV integration, an upload, a field mapping, a sync followed to its end, the dataset. */
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();

  const integration = await client.integrations.create({
    name: `Payroll export ${Date.now()}`,
    connector_type: 'csv',
    config: { streams: [{ name: 'employees', primary_key: ['id'] }] },
  });
  const csv = [
    'id,name,dept,salary',
    'e001,Ada,Engineering,91000',
    'e002,Grace,Engineering,88000',
    'e003,Linus,Sales,lots',
    'e004,Barbara,Sales,67000',
  ].join('\n');
  const upload = await client.integrations.createUpload(integration.id, csv, { query: { filename: 'employees.csv' } });
  console.log(`uploaded ${upload.id}: ${upload.bytes} bytes`);

  await client.integrations.putFieldMapping(integration.id, {
    stream: 'employees',
    target: 'employees',
    fields: {
      employee_id: { source: 'id' },
      name: { source: 'name' },
      department: { source: 'dept' },
      salary: { source: 'salary', transforms: [{ type: 'cast', to: 'number' }] },
    },
  });

  const sync = await client.integrations.createSyncAndWait(integration.id, { mode: 'full' }, { timeoutMs: 120_000 });
  // "lots" is no salary: that row is rejected, the others are written.
  check(sync.status === 'partially_completed', `the sync partially completed (${sync.status})`);
  console.log(`${sync.id}: ${sync.status}, ${JSON.stringify(sync.counts)}`);
  for await (const rejection of client.integrations.listSyncRejections(integration.id, sync.id)) {
    console.log(
      `  rejected ${rejection.primary_key}: ${rejection.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
    );
  }

  const engineering = await client.datasets.aggregate('employees', {
    metrics: [{ function: 'count', as: 'headcount' }],
    filter: { department: 'Engineering' },
  });
  console.log(`Engineering headcount: ${JSON.stringify(engineering.values?.headcount)}`);
});
