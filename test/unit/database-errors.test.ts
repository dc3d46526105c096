import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { translateDatabaseError } from '../../db/errors';

describe('database error translation', () => {
  it('turns constraint violations into client errors, whether raw or wrapped by objection', () => {
    assert.equal(translateDatabaseError({ code: '23505' })?.status, 409);
    assert.equal(translateDatabaseError({ nativeError: { code: '23503' } })?.status, 422);
    assert.equal(translateDatabaseError({ code: '23514' })?.code, 'invalid_value');
    assert.equal(translateDatabaseError({ code: '40001' })?.extras.headers?.['Retry-After'], '1');
  });
  it('answers an unreachable database with 503 database_unavailable and Retry-After, whatever the driver reported', () => {
    const outages: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      { code: '57P01' },
      { code: '57P03' },
      { nativeError: { code: '08006' } },
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
        name: 'KnexTimeoutError',
      }),
    ];
    for (const outage of outages) {
      const translated = translateDatabaseError(outage);
      assert.equal(translated?.status, 503, String((outage as Error).message ?? JSON.stringify(outage)));
      assert.equal(translated?.code, 'database_unavailable');
      assert.equal(translated?.extras.headers?.['Retry-After'], '5');
    }
  });
  it('leaves everything else to the generic 500', () => {
    assert.equal(translateDatabaseError(new Error('boom')), undefined);
    assert.equal(translateDatabaseError({ code: '42P01' }), undefined);
    assert.equal(translateDatabaseError(undefined), undefined);
  });
});
