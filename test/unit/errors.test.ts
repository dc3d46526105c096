import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { ERROR_CODES } from '../../core/errors';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_FOLDERS = ['api', 'core', 'db', 'decision', 'activities', 'worker', 'workflows', 'orchestration', 'scripts'];

function sourceFiles(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs.readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
    .map((file) => path.join(absolute, file));
}

/** Every code written as a literal where an AppError is made, with where it is. */
function thrownCodes(): Array<{ code: string; where: string }> {
  const found: Array<{ code: string; where: string }> = [];
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new AppError\(\s*[^,]+,\s*'([^']+)'/g)) {
      found.push({ code: match[1] as string, where: path.relative(ROOT, file) });
    }
  }
  return found;
}

describe('the error catalogue', () => {
  it('is published in the OpenAPI document as the ProblemCode schema, exactly as listed in core/errors.ts', () => {
    const document = buildOpenApiDocument();
    const schema = document.components.schemas.ProblemCode as { enum: string[]; description: string };
    assert.deepEqual(schema.enum, Object.keys(ERROR_CODES));
    for (const code of Object.keys(ERROR_CODES)) assert.match(schema.description, new RegExp(`\`${code}\``));
    const problem = document.components.schemas.Problem as { properties: { code: { $ref: string } } };
    assert.equal(problem.properties.code.$ref, '#/components/schemas/ProblemCode');
  });

  it('lists every code the code base makes an AppError with', () => {
    const codes = thrownCodes();
    assert.ok(codes.length >= 30, `found only ${codes.length} AppError constructions: is the scan still looking in the right places?`);
    const unlisted = codes.filter(({ code }) => !(code in ERROR_CODES));
    assert.deepEqual(unlisted, [], 'codes thrown but missing from ERROR_CODES (core/errors.ts)');
  });

  it('names every code in snake_case, each with a 4xx or 5xx status and a description', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      assert.match(code, /^[a-z]+(_[a-z]+)*$/);
      assert.ok(entry.status >= 400 && entry.status < 600, code);
      assert.ok(entry.description.length > 10, code);
    }
  });
});
