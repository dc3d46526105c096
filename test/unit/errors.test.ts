import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildOpenApiDocument } from '../../api/openapi/document';
import { AppError } from '../../core/app-error';
import * as errors from '../../core/errors';
import { ERROR_CODES, type ErrorCode } from '../../core/errors';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_FOLDERS = [
  'api',
  'core',
  'db',
  'decision',
  'activities',
  'worker',
  'workflows',
  'orchestration',
  'rules',
  'scripts',
];

function sourceFiles(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
    .map((file) => path.join(absolute, file));
}

/** Every code written as a literal where an AppError is made, with where it is. */
function thrownCodes(): Array<{ code: string; where: string }> {
  const found: Array<{ code: string; where: string }> = [];
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new AppError\(\s*'([^']+)'/g)) {
      found.push({ code: match[1] as string, where: path.relative(ROOT, file) });
    }
  }
  return found;
}

describe('the error catalogue', () => {
  it('is published in the OpenAPI document as the ProblemCode schema, exactly as listed in core/error-codes.ts', () => {
    const document = buildOpenApiDocument();
    const schema = document.components.schemas.ProblemCode as { enum: string[]; description: string };
    assert.deepEqual(schema.enum, Object.keys(ERROR_CODES));
    for (const code of Object.keys(ERROR_CODES)) assert.match(schema.description, new RegExp(`\`${code}\``));
    const problem = document.components.schemas.Problem as { properties: { code: { $ref: string } } };
    assert.equal(problem.properties.code.$ref, '#/components/schemas/ProblemCode');
  });

  it('lists every code the code base makes an AppError with', () => {
    const codes = thrownCodes();
    assert.ok(
      codes.length >= 30,
      `found only ${codes.length} AppError constructions: is the scan still looking in the right places?`,
    );
    const unlisted = codes.filter(({ code }) => !(code in ERROR_CODES));
    assert.deepEqual(unlisted, [], 'codes thrown but missing from ERROR_CODES (core/error-codes.ts)');
  });

  it('names every code in snake_case, each with a 4xx or 5xx status and a description', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      assert.match(code, /^[a-z]+(_[a-z]+)*$/);
      assert.ok(entry.status >= 400 && entry.status < 600, code);
      assert.ok(entry.description.length > 10, code);
    }
  });

  it('is the only place a status is written: every AppError answers with the status listed for its code', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      assert.equal(new AppError(code as ErrorCode, 'detail').status, entry.status, code);
    }
    // A status passed as well is refused: by the compiler (the expectation below fails typechecking if it compiles)
    // and, for a call that reaches here untyped, at run time.
    // @ts-expect-error AppError takes no status: it is the list's.
    assert.throws(() => new AppError(409, 'api_key_revoked', 'A revoked key cannot be rotated.'), TypeError);
    assert.throws(() => new AppError('no_such_code' as ErrorCode, 'detail'), /not a code listed/);
  });

  it("every named constructor in core/errors.ts makes an AppError with its code's listed status", () => {
    const sample: Record<string, unknown[]> = {
      insufficientApprovers: [0, 'step', 2, 1],
      outcomeMetricFedByKpi: ['metric', 'kpi_1', 'kpl_1', 'record'],
      decisionNotEditable: ['approved', 'edit'],
      invalidParameters: ['detail', []],
      datasetHasRecords: ['name', []],
      datasetInUse: ['name', ['int_1']],
      rateLimitExceeded: [['per-minute'], 30],
    };
    let checked = 0;
    for (const [name, make] of Object.entries(errors)) {
      // runFailure makes a stored problem object, not an AppError (checked below).
      if (typeof make !== 'function' || name === 'runFailure') continue;
      const made = (make as (...args: unknown[]) => unknown)(...(sample[name] ?? ['x', 'y', 'z']));
      assert.ok(made instanceof AppError, `${name} makes an AppError`);
      assert.equal(made.status, ERROR_CODES[made.code].status, name);
      checked += 1;
    }
    assert.ok(checked >= 40, `checked only ${checked} constructors`);
  });

  it('a failed run stores the status listed for its code, and no source file writes a status beside a code', () => {
    for (const code of [
      'model_execution_failed',
      'model_not_found',
      'version_not_found',
      'run_not_executed',
    ] as const) {
      const problem = errors.runFailure(code, 'Model run failed', 'detail');
      assert.equal(problem.status, ERROR_CODES[code].status, code);
      assert.equal(problem.type, new AppError(code, 'detail').type, code);
    }
    const written: string[] = [];
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      if (file.includes(`${path.sep}openapi${path.sep}`)) continue; // examples in the document show answers as they are
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/status:\s*[45]\d\d\b[^}]*\bcode:|\bcode:[^}]*\bstatus:\s*[45]\d\d\b/g)) {
        written.push(`${path.relative(ROOT, file)}: ${match[0]}`);
      }
    }
    assert.deepEqual(written, [], 'a status written beside a code (take it from ERROR_CODES)');
  });

  it('no source file writes a status where an AppError is made', () => {
    const written: string[] = [];
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new AppError\((?!\s*['"`])\s*([^,)]+)/g)) {
        if (match[1]?.trim().startsWith('HTTP_ERROR_CODES[') || /^code$/.test(match[1]?.trim() ?? '')) continue;
        written.push(`${path.relative(ROOT, file)}: new AppError(${match[1]}`);
      }
    }
    assert.deepEqual(written, [], 'AppErrors made with something other than a listed code first');
  });
});
