/**
 * `npm run webhook-receiver`: a local endpoint for trying webhooks in development, in the spirit of `stripe listen`.
 * It listens on 127.0.0.1, verifies every delivery's Standard Webhooks signature and prints what arrived.
 *
 *   npm run webhook-receiver -- --key dms_…        subscribes itself (all events, or --events scenario.*,batch.completed),
 *                                                  keeps the signing secret in memory, unsubscribes on Ctrl-C
 *   npm run webhook-receiver -- --secret whsec_…   for a subscription you created yourself (to http://127.0.0.1:4000/)
 *
 * Options: --port (4000), --base (the API of the `npm start` running under DATA_DIR, else http://localhost:$PORT/api/v1),
 * --events.
 * `npm start` allows plain-http deliveries to 127.0.0.1 and localhost in development (WEBHOOK_ALLOWED_HOSTS).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { resolveStackBaseUrl } from '../core/stack-state';

const USAGE = `Usage: npm run webhook-receiver -- (--key dms_… [--events scenario.*,batch.completed] | --secret whsec_…)
                               [--port 4000] [--base http://localhost:3000/api/v1]`;

interface Options {
  port: number;
  base: string;
  key?: string;
  secret?: string;
  events: string[];
}

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: process.env.WEBHOOK_RECEIVER_PORT ?? '4000' },
      base: { type: 'string' },
      key: { type: 'string', default: process.env.DMS_API_KEY },
      secret: { type: 'string', default: process.env.DMS_WEBHOOK_SECRET },
      events: { type: 'string', default: '*' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65535)
    throw new Error(`--port must be 0–65535, got "${values.port}"`);
  if (!values.key && !values.secret)
    throw new Error('give --key (the receiver subscribes itself) or --secret (of your own subscription)');
  // The API of the `npm start` running under DATA_DIR (a PORT in this shell that differs from it is refused), else PORT.
  const base =
    values.base ?? `${resolveStackBaseUrl(process.env, { required: false }) ?? 'http://localhost:3000'}/api/v1`;
  return {
    port: Number(values.port),
    base: base.replace(/\/+$/, ''),
    key: values.key,
    secret: values.secret,
    events: values.events
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
  };
}

/** The fields of the API's answers the receiver reads. */
interface ApiBody {
  id?: string;
  secret?: string;
  detail?: string;
}

async function api(
  options: Options,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: ApiBody }> {
  const response = await fetch(`${options.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ApiBody };
}

function describeEvent(event: { type?: string; id?: string; sequence?: number; data?: unknown }): string {
  const data = JSON.stringify(event.data ?? {});
  return `${event.type ?? '?'}  ${event.id ?? '?'}  sequence ${event.sequence ?? '?'}  ${data.length > 160 ? `${data.slice(0, 157)}...` : data}`;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const secrets: string[] = options.secret ? [options.secret] : [];
  let subscriptionId: string | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      for (const secret of secrets) {
        try {
          const event = new Webhook(secret).verify(body, headers) as Parameters<typeof describeEvent>[0];
          console.log(`${new Date().toISOString()}  verified  ${describeEvent(event)}`);
          res.writeHead(204).end();
          return;
        } catch {
          // Try the next secret (during a rotation both may sign).
        }
      }
      console.log(
        `${new Date().toISOString()}  REFUSED   ${headers['webhook-id'] || 'no webhook-id'}: the signature does not verify with the secret given`,
      );
      res.writeHead(401, { 'content-type': 'text/plain' }).end('signature does not verify\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  // Ctrl-C is handled from here on: a signal that arrived before a handler existed would end the process at once,
  // leaving its subscription behind (a caller reading the lines below may send it as soon as they are printed).
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    if (subscriptionId) {
      const removed = await api(options, 'DELETE', `/webhooks/${subscriptionId}`).catch(() => ({ status: 0 }));
      console.log(
        removed.status === 204
          ? `Unsubscribed ${subscriptionId}.`
          : `Could not remove ${subscriptionId} (status ${removed.status}); delete it yourself.`,
      );
    }
    server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  if (options.key && !options.secret) {
    const created = await api(options, 'POST', '/webhooks', {
      url,
      event_types: options.events,
      description: 'npm run webhook-receiver (removed when it stops)',
    });
    if (created.status !== 201) {
      server.close();
      throw new Error(
        `could not subscribe ${url}: ${created.status} ${created.body.detail ?? JSON.stringify(created.body)}`,
      );
    }
    subscriptionId = created.body.id as string;
    secrets.push(created.body.secret as string);
    console.log(`Subscribed ${subscriptionId} to ${options.events.join(', ')}; send a test event with:`);
    console.log(`  curl -X POST -H "Authorization: Bearer $KEY" ${options.base}/webhooks/${subscriptionId}/test`);
  }
  console.log(`Listening on ${url}; verified deliveries are printed below. Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  console.error(`webhook-receiver: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(2);
});
