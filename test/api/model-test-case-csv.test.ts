import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import { discountModelBody, typedOrderModelBody } from '../fixtures/model-bodies';
import { call, type TestStack, type TestTenant, useTestStackWithTenant } from '../helpers/stack';

/**
 * A test suite imported as CSV (`POST /models/{id}/test-cases/import` with `csv`): the largest text is read without
 * holding the event loop and the read stops at the 1,001st case; JSON cells obey the body depth limit; cells that
 * cannot be stored as they read (1e999, a repeated header, too many expected outputs, whitespace hiding a formula) are
 * 422s naming the cell (`/csv/<row>/<column>`), and nothing of a refused import is stored.
 */
describe('test-case CSV import', () => {
  let stack: TestStack;
  let tenant: TestTenant;
  useTestStackWithTenant({}, (started) => ({ stack, tenant } = started));

  const api = (method: string, path: string, body?: unknown) =>
    call(stack.baseUrl, method, `/api/v1${path}`, { key: tenant.key, ...(body !== undefined ? { body } : {}) });
  const newModel = async (body: Record<string, unknown>) => {
    const created = await api('POST', '/models', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.id as string;
  };
  const importCsv = (model: string, csv: string) => api('POST', `/models/${model}/test-cases/import`, { csv });
  const caseCount = async (model: string) =>
    (await api('GET', `/models/${model}/test-cases?limit=100`)).body.data.length as number;

  /** A POST whose `sent` resolves once its whole body has been handed to the connection. */
  const postRaw = (path: string, body: string) => {
    let sent!: () => void;
    const written = new Promise<void>((resolve) => (sent = resolve));
    const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const request = http.request(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tenant.key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      request.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      });
      request.on('error', reject);
      request.end(body, () => sent());
    });
    return { written, response };
  };

  it('reads a 5,000,000-character CSV while answering others, and stops at the 1,001st case', async () => {
    const model = await newModel(discountModelBody('CSV import: largest text'));
    // 1,001 rows of about 5,000 characters: every slice of the text is read before the 1,001st case is reached.
    const rows = Array.from({ length: 1001 }, (_, index) => `case ${index},${'x'.repeat(4_975)},1,gold`);
    const csv = `name,tier,quantity,expected.segment\n${rows.join('\n')}\n`.padEnd(5_000_000, '\n');
    assert.equal(csv.length, 5_000_000);

    const order: string[] = [];
    const importing = postRaw(`/api/v1/models/${model}/test-cases/import`, JSON.stringify({ csv }));
    await importing.written;
    // Issued while the import is being processed: answered first, as the import leaves the event loop between slices.
    const health = fetch(`${stack.baseUrl}/health`).then((response) => {
      order.push('health');
      return response.status;
    });
    const imported = await importing.response.then((response) => {
      order.push('import');
      return response;
    });
    assert.equal(await health, 200);
    assert.deepEqual(order, ['health', 'import']);
    assert.equal(imported.status, 422, JSON.stringify(imported.body).slice(0, 500));
    assert.deepEqual(imported.body.errors, [
      { path: '/csv/1002', message: "row 1002 is case 1001: a model's suite holds at most 1000 cases" },
    ]);
    assert.equal(await caseCount(model), 0);
  });

  it('stops reading at the 1,001st case: a broken row after it is never reached', async () => {
    const model = await newModel(discountModelBody('CSV import: row limit'));
    const rows = Array.from({ length: 1001 }, (_, index) => `case ${index},gold,1,gold`);
    const refused = await importCsv(
      model,
      `name,tier,quantity,expected.segment\n${rows.join('\n')}\n"never closed,gold,1,gold\n`,
    );
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/csv/1002'],
    );
    // 1,000 are fine.
    const accepted = await importCsv(model, `name,tier,quantity,expected.segment\n${rows.slice(0, 1000).join('\n')}\n`);
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body).slice(0, 500));
    assert.equal(accepted.body.data.length, 1000);
  });

  it('holds JSON cells to the body depth limit: deeper is a 422 naming row and column, not a 500', async () => {
    const model = await newModel(typedOrderModelBody('CSV import: JSON depth'));
    const nested = (depth: number) => `"${'['.repeat(depth)}${']'.repeat(depth)}"`;
    const header = 'name,member,tier,ordered_on,lines,address,expected.skus';
    const csv = [
      header,
      `just too deep,false,gold,2026-11-28,${nested(65)},"{""country"":""DE""}","[""A""]"`,
      `far too deep,false,gold,2026-11-28,${nested(20_000)},"{""country"":""DE""}","[""A""]"`,
      `deep expectation,false,gold,2026-11-28,"[]","{""country"":""DE""}",${nested(100)}`,
    ].join('\n');
    const refused = await importCsv(model, csv);
    assert.equal(refused.status, 422, JSON.stringify(refused.body).slice(0, 500));
    assert.deepEqual(
      refused.body.errors.map((e: any) => e.path),
      ['/csv/2/lines', '/csv/3/lines', '/csv/4/expected.skus'],
    );
    assert.match(refused.body.errors[0].message, /deeper than 64 levels/);
    // At the limit it is stored.
    const atLimit = await importCsv(
      model,
      `${header}\nat the limit,false,gold,2026-11-28,${nested(64)},"{""country"":""DE""}","[""A""]"`,
    );
    assert.equal(atLimit.status, 201, JSON.stringify(atLimit.body).slice(0, 500));
    assert.equal(await caseCount(model), 1);
  });

  it('refuses 1e999, a repeated header, too many expected outputs and whitespace hiding a formula, naming the cell', async () => {
    const model = await newModel(discountModelBody('CSV import: cells'));
    const pathsOf = async (csv: string) => {
      const refused = await importCsv(model, csv);
      assert.equal(refused.status, 422, JSON.stringify(refused.body).slice(0, 500));
      assert.equal(refused.body.code, 'validation_failed');
      return refused.body.errors.map((e: any) => e.path);
    };
    // A number no double holds would be stored as null.
    assert.deepEqual(
      await pathsOf('name,tier,quantity,expected.discount.rate\nbig,gold,1e999,0.1\nbig rate,gold,1,-1e999\n'),
      ['/csv/2/quantity', '/csv/3/expected.discount.rate'],
    );
    // The last column of a name no longer wins silently.
    assert.deepEqual(await pathsOf('name,tier,quantity,tier,expected.segment\na,gold,1,silver,gold\n'), [
      '/csv/1/tier',
    ]);
    // More expected outputs than a case may name (200, as `expected.maxProperties` for JSON cases).
    const outputs = Array.from({ length: 201 }, (_, index) => `expected.o${index}`);
    assert.deepEqual(
      await pathsOf(`name,tier,quantity,${outputs.join(',')}\na,gold,1,${outputs.map(() => '1').join(',')}\n`),
      ['/csv/1'],
    );
    // A leading tab or space before = + - @ is not trimmed into a formula-looking value.
    assert.deepEqual(await pathsOf('name,tier,quantity,expected.segment\na,\t=1+1,1,gold\nb,gold,1, @SUM(A1)\n'), [
      '/csv/2/tier',
      '/csv/3/expected.segment',
    ]);
    // The same number sent as JSON is refused where it is, not stored as null.
    const json = await call(stack.baseUrl, 'POST', `/api/v1/models/${model}/test-cases/import`, {
      key: tenant.key,
      rawBody:
        '{"cases": [{"name": "big", "inputs": {"tier": "gold", "quantity": 1}, "expected": {"discount.rate": 1e999}}]}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(json.status, 422, JSON.stringify(json.body));
    assert.deepEqual(
      json.body.errors.map((e: any) => e.path),
      ['/cases/0/expected/discount.rate'],
    );
    assert.equal(await caseCount(model), 0);
    // A quoted cell keeps its whitespace as written, and a signed number after a space is a number.
    const kept = await importCsv(
      model,
      'name,tier,quantity,expected.segment,expected.discount.rate\na,"\t=1+1", 2,gold, -0.5\n',
    );
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.deepEqual(kept.body.data[0].inputs, { tier: '\t=1+1', quantity: 2 });
    assert.deepEqual(kept.body.data[0].expected, { segment: 'gold', 'discount.rate': -0.5 });
  });

  it('sizes the body limit to what 1,000 cases can need', async () => {
    const model = await newModel(discountModelBody('CSV import: body limit'));
    // Past 15,001,024 bytes (3 bytes per character of the largest CSV, plus 1 KiB) the body is refused unread.
    const tooLarge = await call(stack.baseUrl, 'POST', `/api/v1/models/${model}/test-cases/import`, {
      key: tenant.key,
      rawBody: `{"csv":"${'a'.repeat(15_001_100)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(tooLarge.status, 413);
  });
});
