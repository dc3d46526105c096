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
  it('leaves everything else to the generic 500', () => {
    assert.equal(translateDatabaseError(new Error('boom')), undefined);
    assert.equal(translateDatabaseError({ code: '57P01' }), undefined);
    assert.equal(translateDatabaseError(undefined), undefined);
  });
});
