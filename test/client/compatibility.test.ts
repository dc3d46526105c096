import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OperationObject, ResponseObject } from '../../api/openapi/types';
import { offlineResolveHost, operationFixtures, parametersOf, requestExamples } from '../helpers/operation-fixtures';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * The compatibility promise of `/api/v1` (changes are additive) checked with real code: the typed client as the
 * previous commit built it, from that commit's OpenAPI document, calls every operation it knows on today's server,
 * each with that document's request examples, and every answer must be one that document promised (a documented 2xx
 * whose body validates against that document's schema; new fields are allowed).
 */

const REPO = path.resolve(__dirname, '..', '..');
const CLIENT = 'clients/typescript';

interface PreviousClient {
  revision: string;
  dir: string;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/**
 * The client of the commit before this one, unpacked beside the repository's node_modules. A clone without that
 * commit (shallow) or without git falls back to this commit's client, and says so.
 */
function unpackPreviousClient(): PreviousClient {
  const target = path.join(REPO, 'test-output', `client-previous-${process.pid}`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  let revision: string | undefined;
  // The code under test is the working tree: with uncommitted changes the last commit came before it, else its parent.
  let changed: boolean;
  try {
    changed = git('status', '--porcelain', '--untracked-files=no') !== '';
  } catch {
    changed = true;
  }
  const wanted = changed ? 'HEAD' : 'HEAD~1';
  for (const candidate of [wanted, 'HEAD']) {
    try {
      git('cat-file', '-e', `${candidate}:${CLIENT}/src/index.ts`);
      revision = git('rev-parse', '--short', candidate);
      break;
    } catch {
      continue;
    }
  }
  if (revision) {
    const archive = execFileSync('git', ['archive', '--format=tar', revision, CLIENT], {
      cwd: REPO,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', target], { input: archive });
  } else {
    fs.cpSync(path.join(REPO, CLIENT), path.join(target, CLIENT), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}dist`),
    });
  }
  if (revision === undefined || (!changed && revision === git('rev-parse', '--short', 'HEAD')))
    console.log(`# no client in the previous commit here: checking ${revision ?? 'the working tree'}'s client instead`);
  return { revision: revision ?? 'working tree', dir: path.join(target, CLIENT) };
}

/** JSON Schema of the answers an operation promised: any documented 2xx JSON body, open to fields added since. */
function promisedSchema(document: OpenApiDocument, operation: OperationObject): object | undefined {
  const bodies = Object.entries(operation.responses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(
      ([, response]) =>
        ('$ref' in response
          ? document.components.responses[response.$ref.split('/').pop() as string]
          : response) as ResponseObject,
    )
    .map((response) => response.content?.['application/json']?.schema)
    .filter((schema) => schema !== undefined);
  return bodies.length > 0 ? { anyOf: bodies } : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Additive changes are allowed: an answer may carry fields the older document did not name, and values of an
 * enumeration that today's document declares open (`x-extensible-enum`: event types, error codes). `today` is the
 * same place in today's document, walked alongside.
 */
function openToNewFields(value: unknown, today?: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => openToNewFields(item, Array.isArray(today) ? today[index] : undefined));
  if (!isObject(value)) return value;
  const extensible = isObject(today) && today['x-extensible-enum'] === true;
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, inner]) =>
          !(key === 'additionalProperties' && inner === false) &&
          key !== 'unevaluatedProperties' &&
          !(key === 'enum' && extensible),
      )
      .map(([key, inner]) => [key, openToNewFields(inner, isObject(today) ? today[key] : undefined)]),
  );
}

describe("the previous commit's client against today's server", () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let previous: PreviousClient;

  before(async () => {
    previous = unpackPreviousClient();
    stack = await startTestStack({
      worker: true,
      resolveHost: offlineResolveHost,
      env: { EVENT_RELAY_POLL_MS: '200', WEBHOOK_RETRY_UNIT_MS: '1', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => {
    await stack?.close();
    if (previous) fs.rmSync(path.dirname(path.dirname(previous.dir)), { recursive: true, force: true });
  });

  it('calls every operation it knows with its examples and gets what its document promised', async () => {
    type Method = (...args: unknown[]) => Promise<unknown>;
    const module = (await import(path.join(previous.dir, 'src', 'index.ts'))) as {
      DecisionModelingClient: new (options: {
        baseUrl: string;
        auth: string;
        maxRetries: number;
      }) => Record<string, Record<string, Method>>;
      OPERATIONS: Record<
        string,
        {
          group: string;
          name: string;
          method: string;
          path: string;
          pathParameters: string[];
          input: string;
          optionsQuery: boolean;
          paginated: boolean;
        }
      >;
      ProblemError: new (...args: never[]) => Error & { status: number; code: string };
    };
    const oldDocument = JSON.parse(fs.readFileSync(path.join(previous.dir, 'openapi.json'), 'utf8')) as OpenApiDocument;
    const today = (await call<OpenApiDocument>(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
    const client = new module.DecisionModelingClient({ baseUrl: stack.baseUrl, auth: tenant.key, maxRetries: 2 });
    const { pathParameters, withOwnScenarioIds } = operationFixtures(stack, tenant, today);
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'previous', components: openToNewFields(oldDocument.components, today.components) } as object);

    const failures: string[] = [];
    let called = 0;
    for (const [operationId, spec] of Object.entries(module.OPERATIONS)) {
      const operation = oldDocument.paths[spec.path]?.[spec.method as 'get'];
      assert.ok(operation, `${operationId} is in the client but not in its own document`);
      const resolve = pathParameters[spec.path];
      if (spec.pathParameters.length > 0 && !resolve) {
        failures.push(`${operationId}: no fixture for ${spec.path} (add one to test/helpers/operation-fixtures.ts)`);
        continue;
      }
      const media = operation.requestBody?.content['application/json'];
      const csv = operation.requestBody?.content['text/csv'];
      const examples = media
        ? requestExamples(media)
        : csv
          ? requestExamples(csv)
          : [{ name: 'no body', value: undefined }];
      const query = Object.fromEntries(
        parametersOf(oldDocument, operation)
          .filter((p) => p.in === 'query' && 'example' in p)
          .map((p) => [p.name, (p as { example?: unknown }).example]),
      );
      const schema = promisedSchema(oldDocument, operation);
      const todayOperation = today.paths[spec.path]?.[spec.method as 'get'];
      const todaySchema = todayOperation ? promisedSchema(today, todayOperation) : undefined;
      const validate = schema
        ? ajv.compile(
            JSON.parse(
              JSON.stringify(openToNewFields(schema, todaySchema)).replace(
                /"#\/components\//g,
                '"previous#/components/',
              ),
            ),
          )
        : undefined;
      for (const { name, value } of examples) {
        const parameters = resolve ? await resolve() : {};
        const args: unknown[] = spec.pathParameters.map((parameter) => parameters[parameter]);
        if (spec.input === 'body')
          args.push(csv ? value : value === undefined ? undefined : await withOwnScenarioIds(value));
        if (spec.input === 'query') args.push(query);
        if (spec.input === 'none') args.push(undefined);
        if (spec.optionsQuery) args.push({ query });
        called += 1;
        const label = `${operationId} (${name}) as ${spec.group}.${spec.name}`;
        try {
          const data = await client[spec.group]![spec.name]!(...args);
          if (operation['x-user-actor-required']) {
            failures.push(`${label}: answered with an API key, documented 403 user_actor_required`);
            continue;
          }
          if (validate && !validate(data))
            failures.push(`${label}: the answer is not what the document promised: ${ajv.errorsText(validate.errors)}`);
        } catch (error) {
          if (
            operation['x-user-actor-required'] &&
            error instanceof module.ProblemError &&
            error.code === 'user_actor_required'
          )
            continue;
          failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500));
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(
      called >= Object.keys(module.OPERATIONS).length && called > 100,
      `${called} calls for ${Object.keys(module.OPERATIONS).length} operations of ${previous.revision}`,
    );
  });
});
