import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { ERROR_CODES } from '../../core/errors';
import { DecisionModelingClient, GROUPS, OPERATIONS, WEBHOOK_EVENT_TYPES } from '../../clients/typescript/src/index';
import { generateClientFiles, methodName } from '../../scripts/client/generate-client';

const REPO = path.resolve(__dirname, '..', '..');

describe('the typed client generated from the OpenAPI document', () => {
  it('is in step with the document (npm run generate:client rewrites it)', async () => {
    const files = await generateClientFiles(buildOpenApiDocument());
    assert.equal(files.size, 3);
    for (const [file, content] of files) {
      const committed = fs.existsSync(path.join(REPO, file)) ? fs.readFileSync(path.join(REPO, file), 'utf8') : '';
      assert.ok(committed === content, `${file} is out of date with the OpenAPI document: run npm run generate:client`);
    }
  });

  it('has a method for every operation of the document, under its tag', () => {
    const document = buildOpenApiDocument();
    const operationIds = Object.values(document.paths).flatMap((item) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) =>
        item[method] ? [item[method].operationId] : [],
      ),
    );
    assert.ok(operationIds.length > 170, `${operationIds.length} operations`);
    assert.deepEqual(Object.keys(OPERATIONS).sort(), [...operationIds].sort());
    const client = new DecisionModelingClient({ baseUrl: 'http://127.0.0.1:9' }) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const [operationId, spec] of Object.entries(OPERATIONS)) {
      assert.equal(
        typeof client[spec.group]?.[spec.name],
        'function',
        `${operationId}: client.${spec.group}.${spec.name}`,
      );
    }
    // One group per tag of the document, every one on the client.
    assert.deepEqual(
      [...GROUPS].sort(),
      [
        ...new Set(
          document.tags.map((tag) =>
            tag.name
              .split(/\s+/)
              .map((word, index) =>
                index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
              )
              .join(''),
          ),
        ),
      ].sort(),
    );
  });

  it('knows every webhook event type and every error code of the document', () => {
    const document = buildOpenApiDocument();
    assert.deepEqual([...WEBHOOK_EVENT_TYPES], Object.keys(document.webhooks ?? {}).sort());
    const schema = fs.readFileSync(path.join(REPO, 'clients/typescript/src/generated/schema.ts'), 'utf8');
    const union = /ProblemCode: ([^;]+);/.exec(schema)?.[1] ?? '';
    assert.deepEqual(
      union
        .split(' | ')
        .map((code) => JSON.parse(code) as string)
        .sort(),
      Object.keys(ERROR_CODES).sort(),
    );
  });

  it("names methods after the operation id without the tag's noun, only as whole words", () => {
    assert.equal(methodName('createScenario', 'Scenarios'), 'create');
    assert.equal(methodName('listScenarios', 'Scenarios'), 'list');
    assert.equal(methodName('createScenarioBatch', 'Scenarios'), 'createBatch');
    assert.equal(methodName('putKpiSource', 'KPIs'), 'putSource');
    assert.equal(methodName('createOAuthClient', 'OAuth clients'), 'create');
    assert.equal(methodName('createApprovalPolicyVersion', 'Approval policies'), 'createVersion');
    assert.equal(methodName('reassignDecisionStep', 'Decisions'), 'reassignStep');
    assert.equal(methodName('addMember', 'Users'), 'addMember');
    // The noun at the start would leave no verb: kept whole.
    assert.equal(methodName('scenarioCount', 'Scenarios'), 'scenarioCount');
  });
});
