import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { operationRequestSchemas, resolveSchema } from '../../api/openapi/request-schemas';
import { createRequestValidators } from '../../api/openapi/validators';
import type { ValidatedRequest } from '../../api/operations';
import { generateRequestTypes, REQUEST_TYPES_FILE } from '../../scripts/request-types';

const document = buildOpenApiDocument();

describe('request types generated from the OpenAPI document', () => {
  it('are in step with the document (npm run generate:types rewrites them)', async () => {
    const committed = fs.readFileSync(path.join(__dirname, '..', '..', REQUEST_TYPES_FILE), 'utf8');
    assert.equal(
      committed,
      await generateRequestTypes(document),
      `${REQUEST_TYPES_FILE} is out of date: run npm run generate:types`,
    );
  });

  it('follow a change of a request schema', async () => {
    // A copy: the document's parts are module-level objects that every build shares.
    const changed = structuredClone(buildOpenApiDocument());
    const schema = changed.components.schemas.CreateModelRequest as {
      properties: Record<string, unknown>;
      required: string[];
    };
    schema.properties.release_notes = { type: 'string', maxLength: 2000 };
    schema.required = [...schema.required, 'release_notes'];
    const generated = await generateRequestTypes(changed);
    // An interface, or a type (the oneOf of a JDM graph and a DMN model makes it an intersection).
    const createModelRequest =
      /export (?:interface CreateModelRequest \{|type CreateModelRequest = )[\s\S]*?\n\};?\n/.exec(generated)?.[0] ??
      '';
    assert.match(createModelRequest, /\n {2}release_notes: string;/);
    assert.notEqual(generated, await generateRequestTypes(document));
  });

  it('type as present every query parameter whose default validation applies', () => {
    const validators = createRequestValidators(document);
    let checked = 0;
    for (const operation of operationRequestSchemas(document).values()) {
      const defaulted = operation.queryParameters.filter(
        (p) => resolveSchema(document, p.schema).default !== undefined,
      );
      if (defaulted.length === 0) continue;
      // Required parameters other than the defaulted ones are given their example, as a client would send them.
      const query: Record<string, unknown> = Object.fromEntries(
        operation.queryParameters.filter((p) => p.required).map((p) => [p.name, String(p.example)]),
      );
      assert.deepEqual(validators.forOperation(operation.operationId).query?.(query), [], operation.operationId);
      for (const parameter of defaulted) {
        assert.equal(
          query[parameter.name],
          resolveSchema(document, parameter.schema).default,
          `${operation.operationId} ${parameter.name}`,
        );
      }
      checked += 1;
    }
    assert.ok(checked >= 20, `only ${checked} operations with defaulted query parameters`);
  });

  it('give handlers the path parameters, the query after defaults and the body of the operation', () => {
    // Compile-time checks: these assignments fail typechecking if the generated types drift from what they claim.
    const list: ValidatedRequest<'listModels'> = {
      params: {},
      query: { limit: 20, source: 'tenant' },
      body: undefined,
    };
    const limit: number = list.query.limit;
    const detach: ValidatedRequest<'detachDecisionEvidence'>['params'] = { id: 'dec_1', evidence_id: 'evd_1' };
    const create: ValidatedRequest<'createModel'>['body'] = {
      name: 'Discount',
      category: 'pricing',
      input_schema: { type: 'object' },
      output_schema: { type: 'object' },
      graph: { nodes: [], edges: [] },
    };
    assert.equal(limit, 20);
    assert.equal(detach.evidence_id, 'evd_1');
    assert.equal(create.category, 'pricing');
  });
});
