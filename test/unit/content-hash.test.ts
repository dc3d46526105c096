import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { contentHash } from '../../integrations/syncs';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe('contentHash: SHA-256 of the canonical JSON of a record', () => {
  it('is the hash of the keys-sorted JSON, whatever order the fields came in', () => {
    const canonicalText = '{"a":"x","b":1,"c":null,"d":true}';
    assert.equal(contentHash({ a: 'x', b: 1, c: null, d: true }), sha256(canonicalText));
    assert.equal(contentHash({ d: true, c: null, b: 1, a: 'x' }), sha256(canonicalText));
    assert.equal(contentHash({ b: 1, a: 'x', d: true, c: null }), sha256(canonicalText));
  });

  it('sorts nested objects too, and keys that look like integers as text', () => {
    assert.equal(
      contentHash({ z: { y: 2, x: [{ b: 1, a: 2 }] }, a: 1 }),
      sha256('{"a":1,"z":{"x":[{"a":2,"b":1}],"y":2}}'),
    );
    // Object.keys lists "9" before "10"; sorted as text, "10" comes first.
    assert.equal(contentHash({ 9: 'nine', 10: 'ten' }), sha256('{"10":"ten","9":"nine"}'));
  });

  it('tells different content apart, including a value moved to another field', () => {
    assert.notEqual(contentHash({ a: 1, b: 2 }), contentHash({ a: 2, b: 1 }));
    assert.notEqual(contentHash({ a: '1' }), contentHash({ a: 1 }));
    assert.notEqual(contentHash({ a: null }), contentHash({}));
  });
});
