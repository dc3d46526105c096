import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { credentialKeyId, decryptCredentials, encryptCredentials } from '../../core/connector-credentials';

describe('connector credentials', () => {
  const key = crypto.randomBytes(32);
  const other = crypto.randomBytes(32);

  it('encrypts with a random IV, names the key, and opens with whichever configured key has that id', () => {
    const credentials = { password: 's3cret-pass', token: 'tok' };
    const first = encryptCredentials(credentials, key);
    const second = encryptCredentials(credentials, key);
    assert.notEqual(first.ciphertext, second.ciphertext);
    assert.ok(!first.ciphertext.includes('s3cret-pass'));
    assert.equal(first.keyId, credentialKeyId(key));
    assert.match(first.keyId, /^k_[0-9a-f]{16}$/);
    assert.notEqual(credentialKeyId(other), first.keyId);
    assert.deepEqual(decryptCredentials(first, [other, key]), credentials);
  });

  it('refuses to open without the key, and refuses a tampered ciphertext', () => {
    const sealed = encryptCredentials({ password: 'p' }, key);
    assert.throws(() => decryptCredentials(sealed, [other]), /No configured key/);
    const parts = sealed.ciphertext.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    assert.throws(() => decryptCredentials({ ciphertext: parts.join('.'), keyId: sealed.keyId }, [key]));
  });
});
