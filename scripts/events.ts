/**
 * `npm run events -- tail`: the tenant's events as they commit, one JSON line each, for trying things in development
 * (in the spirit of `stripe listen --print-json`). It follows `GET /api/v1/events/stream` with the typed client, which
 * reconnects after a drop without missing an event.
 *
 *   npm run events -- tail --key dms_…                        every event the key may read, from now on
 *   npm run events -- tail --types 'decision.*' --after evt_…  the decision events after that one
 *
 * Options: --key (or DMS_API_KEY), --types (patterns, comma-separated), --resource (an id), --after (an event id),
 * --count (stop after that many events), --seconds (stop after that long), --base (the API of the `npm start`
 * running under DATA_DIR, else http://localhost:$PORT/api/v1). The last event's id goes to stderr on exit, to pass
 * as --after next time.
 */
import { parseArgs } from 'node:util';
import { DecisionModelingClient, ProblemError } from '../clients/typescript/src/index';
import { resolveStackBaseUrl } from '../core/stack-state';

const USAGE = `Usage: npm run events -- tail [--key dms_…] [--types decision.*,scenario.completed] [--resource scn_…]
                            [--after evt_…] [--count N] [--seconds N] [--base http://localhost:3000/api/v1]`;

interface TailOptions {
  base: string;
  key: string;
  types?: string;
  resource?: string;
  after?: string;
  count?: number;
  seconds?: number;
}

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) === 0)
    throw new Error(`--${name} must be a whole number above 0, got "${raw}"`);
  return Number(raw);
}

function readOptions(argv: string[]): TailOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: 'string', default: process.env.DMS_API_KEY },
      types: { type: 'string' },
      resource: { type: 'string' },
      after: { type: 'string' },
      count: { type: 'string' },
      seconds: { type: 'string' },
      base: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1 || positionals[0] !== 'tail') throw new Error(USAGE);
  if (!values.key) throw new Error('give --key (an API key with webhooks:read) or set DMS_API_KEY');
  const base =
    values.base ?? `${resolveStackBaseUrl(process.env, { required: false }) ?? 'http://localhost:3000'}/api/v1`;
  const count = wholeNumber('count', values.count);
  const seconds = wholeNumber('seconds', values.seconds);
  return {
    base: base.replace(/\/+$/, ''),
    key: values.key,
    ...(values.types ? { types: values.types } : {}),
    ...(values.resource ? { resource: values.resource } : {}),
    ...(values.after ? { after: values.after } : {}),
    ...(count !== undefined ? { count } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
  };
}

async function tail(options: TailOptions): Promise<void> {
  // The client's paths carry /api/v1: its base URL is the server's.
  const client = new DecisionModelingClient({ baseUrl: options.base.replace(/\/api\/v1$/, ''), auth: options.key });
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  if (options.seconds !== undefined) setTimeout(() => stop.abort(), options.seconds * 1000).unref();
  const stream = client.events.stream(
    {
      ...(options.types ? { types: options.types } : {}),
      ...(options.resource ? { resource_id: options.resource } : {}),
    },
    { signal: stop.signal, ...(options.after ? { lastEventId: options.after } : {}) },
  );
  let received = 0;
  try {
    for await (const event of stream) {
      console.log(JSON.stringify(event));
      received += 1;
      if (options.count !== undefined && received >= options.count) break;
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  }
  if (stream.lastEventId) console.error(`last event: ${stream.lastEventId}`);
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  await tail(options);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ProblemError ? `${error.status} ${error.code}: ${error.message}` : String(error));
    process.exit(error instanceof Error && error.message.startsWith('Usage') ? 2 : 1);
  },
);
