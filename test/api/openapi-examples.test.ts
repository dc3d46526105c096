import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createRequestValidators } from '../../api/openapi/validators';
import { ensureDemoTenant } from '../../db/demo-tenant';
import { ensureSampleDecision } from '../../scripts/stack/demo-decision';
import type { OpenApiDocument } from '../../api/openapi/types';
import {
  offlineResolveHost,
  operationFixtures,
  operationsOf,
  parametersOf,
  requestExamples,
} from '../helpers/operation-fixtures';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Every request example in the OpenAPI document is a real request: Swagger UI's "Try it out" sends it as it is.
 * So each one must validate against its schema (with the API's own validators) and, sent to a live stack, get the
 * operation's documented 2xx.
 */

/** JSON Pointers (below components/schemas) of every schema that carries an `example`. */
function schemaExamplePointers(value: unknown, pointer: string, found: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return found;
  if (!Array.isArray(value) && 'example' in value && pointer !== '') found.push(pointer);
  for (const [key, child] of Object.entries(value)) {
    if (key === 'example' || key === 'examples') continue;
    schemaExamplePointers(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
  }
  return found;
}

describe('OpenAPI request examples', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  let document: OpenApiDocument;

  before(async () => {
    // 127.0.0.1 allow-listed: the integration fixture reads the test database as its source.
    stack = await startTestStack({
      worker: true,
      resolveHost: offlineResolveHost,
      env: { EVENT_RELAY_POLL_MS: '200', WEBHOOK_RETRY_UNIT_MS: '1', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    });
    tenant = await createTestTenant(stack.db);
    document = (await call<OpenApiDocument>(stack.baseUrl, 'GET', '/api/v1/openapi.json')).body;
  });
  after(async () => stack.close());

  it('has a full example on every JSON request body, and every example is valid against its schema', () => {
    const validators = createRequestValidators(document);
    const problems: string[] = [];
    for (const { operation } of operationsOf(document)) {
      const media = operation.requestBody?.content['application/json'];
      if (!media) continue;
      const examples = requestExamples(media);
      if (examples.length === 0) problems.push(`${operation.operationId}: no request example`);
      const check = validators.forOperation(operation.operationId).body;
      for (const { name, value } of examples) {
        const errors = check?.(structuredClone(value)) ?? [];
        if (errors.length > 0) problems.push(`${operation.operationId} (${name}): ${JSON.stringify(errors)}`);
      }
      for (const parameter of parametersOf(document, operation).filter((p) => p.in === 'query' && 'example' in p)) {
        const errors =
          validators
            .forOperation(operation.operationId)
            .query?.({ [parameter.name]: String((parameter as { example?: unknown }).example) }) ?? [];
        if (errors.length > 0) problems.push(`${operation.operationId} ?${parameter.name}: ${JSON.stringify(errors)}`);
      }
    }
    // Schema-level examples too (shown in the schema view and used by generated samples): each against its own schema.
    const pointers = schemaExamplePointers(document.components.schemas, '');
    assert.ok(pointers.length > 10, `expected schema examples, found ${pointers.length}`);
    for (const pointer of pointers) {
      const schema = pointer
        .split('/')
        .slice(1)
        .reduce<any>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], document.components.schemas);
      const errors = validators.schema(pointer.slice(1))(structuredClone(schema.example));
      if (errors.length > 0) problems.push(`components/schemas${pointer} example: ${JSON.stringify(errors)}`);
    }
    assert.deepEqual(problems, []);
  });

  it('names in its examples only ids that exist in the demo tenant `npm start` creates, or says which call gives them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-examples-'));
    try {
      // Demo people of this file's own (the database is shared with docs-oauth.test.ts, which signs the default ones in).
      const demo = await ensureDemoTenant(stack.db, dataDir, {
        emailDomain: `${path.basename(dataDir).toLowerCase()}.example.com`,
      });
      await ensureSampleDecision({ baseUrl: stack.baseUrl, dataDir, db: stack.db, demo });
      /** Where each kind of id is read, and the call that makes one (which an example's description must name). */
      const kinds: Record<string, { read: string; made: string }> = {
        scn: { read: '/api/v1/scenarios/', made: '/api/v1/scenarios' },
        apl: { read: '/api/v1/approval-policies/', made: '/api/v1/approval-policies' },
        kpi: { read: '/api/v1/kpis/', made: '/api/v1/kpis' },
        dec: { read: '/api/v1/decisions/', made: '/api/v1/decisions' },
        mdl: { read: '/api/v1/models/', made: '/api/v1/models' },
        int: { read: '/api/v1/integrations/', made: '/api/v1/integrations' },
        whk: { read: '/api/v1/webhooks/', made: '/api/v1/webhooks' },
        usr: { read: '/api/v1/users/', made: '/api/v1/users' },
      };
      const idsIn = (value: unknown): string[] =>
        typeof value === 'string'
          ? /^[a-z]{3}_[0-9a-z]{26}$/.test(value)
            ? [value]
            : []
          : Array.isArray(value)
            ? value.flatMap(idsIn)
            : typeof value === 'object' && value !== null
              ? Object.values(value).flatMap(idsIn)
              : [];
      const problems: string[] = [];
      let checked = 0;
      for (const { operation } of operationsOf(document)) {
        const media = operation.requestBody?.content['application/json'];
        const named = Object.entries(media?.examples ?? {}).map(([name, e]) => ({
          name,
          ...(e as { value: unknown; description?: string }),
        }));
        const examples = [
          ...(media?.example !== undefined ? [{ name: 'example', value: media.example, description: undefined }] : []),
          ...named,
        ];
        const queries = parametersOf(document, operation).flatMap((p) =>
          'example' in p
            ? [{ name: `?${p.name}`, value: (p as { example?: unknown }).example, description: p.description }]
            : [],
        );
        for (const example of [...examples, ...queries]) {
          for (const id of idsIn(example.value)) {
            checked += 1;
            const kind = kinds[id.slice(0, 3)];
            if (!kind) {
              problems.push(
                `${operation.operationId} (${example.name}): ${id}, an id of a kind this test does not know`,
              );
              continue;
            }
            const found = await call(stack.baseUrl, 'GET', `${kind.read}${id}`, { key: demo.apiKey });
            if (found.status === 200) continue;
            // Not in the demo tenant: the example must say which call gives such an id.
            if (!(example.description ?? '').includes(kind.made)) {
              problems.push(
                `${operation.operationId} (${example.name}): ${id} does not exist in the demo tenant (${found.status}) and the example does not say which call gives one (${kind.made})`,
              );
            }
          }
        }
      }
      assert.ok(checked > 0, 'the scan found the example ids');
      assert.deepEqual(problems, []);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("sends every operation's request example to a live stack and gets the documented 2xx", async () => {
    const { pathParameters, withOwnScenarioIds } = operationFixtures(stack, tenant, document);
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      const templated = path.includes('{');
      const resolve = pathParameters[path];
      if (templated && !resolve) {
        failures.push(
          `${operation.operationId}: no fixture for ${path} (add one to test/helpers/operation-fixtures.ts)`,
        );
        continue;
      }
      const expected = Object.keys(operation.responses)
        .filter((status) => /^2\d\d$/.test(status))
        .map(Number);
      const media = operation.requestBody?.content['application/json'];
      // Uploads take the file itself (text/csv) as the body.
      const csv = operation.requestBody?.content['text/csv'];
      const examples = media
        ? requestExamples(media)
        : csv
          ? requestExamples(csv)
          : [{ name: 'no body', value: undefined }];
      for (const { name, value } of examples) {
        const parameters = resolve ? await resolve() : {};
        const url = new URL(
          path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(parameters[key] as string)),
          stack.baseUrl,
        );
        for (const parameter of parametersOf(document, operation).filter((p) => p.in === 'query' && 'example' in p)) {
          url.searchParams.set(parameter.name, String((parameter as { example?: unknown }).example));
        }
        const body = value === undefined || csv ? undefined : await withOwnScenarioIds(value);
        const response = await call(stack.baseUrl, method.toUpperCase(), `${url.pathname}${url.search}`, {
          key: tenant.key,
          ...(csv ? { rawBody: value as string, headers: { 'content-type': 'text/csv' } } : { body }),
        });
        sent += 1;
        if (operation['x-user-actor-required']) {
          if (response.status !== 403 || response.body.code !== 'user_actor_required') {
            failures.push(
              `${operation.operationId} (${name}): ${response.status} with an API key, documented 403 user_actor_required: ${JSON.stringify(response.body).slice(0, 400)}`,
            );
          }
          continue;
        }
        if (!expected.includes(response.status)) {
          failures.push(
            `${operation.operationId} (${name}): ${response.status}, documented ${expected.join('/')}: ${JSON.stringify(response.body).slice(0, 400)}`,
          );
        }
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(
      sent >= operationsOf(document).length,
      `${sent} requests for ${operationsOf(document).length} operations`,
    );
  });
});
