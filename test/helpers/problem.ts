import assert from 'node:assert/strict';

/** Asserts an RFC 9457 problem+json answer with this status and code, carrying the request id and no stack trace. */
export function assertProblem(
  response: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
): void {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(response.body.status, status);
  assert.equal(response.body.code, code);
  assert.equal(typeof response.body.type, 'string');
  assert.equal(typeof response.body.title, 'string');
  assert.equal(typeof response.body.detail, 'string');
  assert.equal(response.body.request_id, response.headers.get('x-request-id'));
  assert.equal(JSON.stringify(response.body).includes('    at '), false, 'no stack trace');
}
