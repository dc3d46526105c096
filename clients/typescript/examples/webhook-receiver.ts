/**
 * A webhook receiver: an HTTP server that verifies each delivery's signature with `verifyWebhook` before trusting it,
 * and switches on the typed event. The example subscribes it, sends a test event and waits for a scenario's event.
 *
 *   DMS_WEBHOOK_HOST (default 127.0.0.1): the address the service can reach this receiver at
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookSignatureError, type WebhookEvent } from '../src/index';
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();
  const received: WebhookEvent[] = [];
  let secret = '';
  let refused = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        // The raw body, exactly as received: a re-serialized body does not verify.
        const event = verifyWebhook(secret, request.headers, Buffer.concat(chunks));
        switch (event.type) {
          case 'scenario.completed':
            console.log(`scenario ${event.data.scenario.id} completed`);
            break;
          case 'webhook.test':
            console.log(`test event ${event.id}`);
            break;
          default:
            console.log(`event ${event.type}`);
        }
        received.push(event);
        response.writeHead(204).end();
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        refused += 1;
        response.writeHead(400).end(error.message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = process.env.DMS_WEBHOOK_HOST ?? '127.0.0.1';
  const url = `http://${host}:${(server.address() as AddressInfo).port}/events`;

  const webhook = await client.webhooks.create({
    url,
    event_types: ['scenario.completed', 'webhook.test'],
    description: 'example receiver',
  });
  secret = webhook.secret;
  console.log(`subscribed ${webhook.id} at ${url}`);
  try {
    await client.webhooks.sendTest(webhook.id);
    const scenario = await client.scenarios.createAndWait({
      model_id: 'mdl_service_queue_staffing',
      inputs: { arrival_rate_per_hour: 120, average_handle_time_seconds: 180 },
    });

    const deadline = Date.now() + 120_000;
    const has = (type: string) =>
      received.some(
        (event) =>
          event.type === type &&
          (type !== 'scenario.completed' ||
            (event.type === 'scenario.completed' && event.data.scenario.id === scenario.id)),
      );
    while (!(has('webhook.test') && has('scenario.completed'))) {
      check(
        Date.now() < deadline,
        `both deliveries arrived (got ${received.map((event) => event.type).join(', ') || 'none'})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A forged delivery (signed with another secret) is refused.
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    check(forged.status === 400 && refused === 1, 'a forged delivery is refused');

    // The service's record of the deliveries, newest first.
    for await (const delivery of client.webhooks.listDeliveries(webhook.id))
      console.log(`  delivery ${delivery.id} ${delivery.event_type} ${delivery.status}`);
  } finally {
    await client.webhooks.delete(webhook.id);
    server.close();
  }
});
