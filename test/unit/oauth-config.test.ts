import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../core/config';

describe('OAuth configuration', () => {
  it('defaults to the built-in provider with a 1-hour access token and a 30-day sliding refresh token', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://dms.example/' });
    assert.equal(config.oauth.externalIssuer, undefined);
    assert.equal(config.oauth.audience, 'https://dms.example/api/v1');
    assert.equal(config.oauth.accessTokenTtlSeconds, 3600);
    assert.equal(config.oauth.refreshTokenTtlSeconds, 30 * 86_400);
    assert.equal(config.oauth.tenantClaim, 'tenant_id');
    assert.equal(config.oauth.userClaim, 'sub');
  });

  it('needs OAUTH_AUDIENCE with OAUTH_ISSUER, and validates every variable', () => {
    assert.throws(
      () => loadConfig({ OAUTH_ISSUER: 'https://idp.example' }),
      (e: unknown) => e instanceof ConfigError && e.variable === 'OAUTH_AUDIENCE',
    );
    assert.throws(
      () => loadConfig({ OAUTH_AUDIENCE: 'x' }),
      (e: unknown) => e instanceof ConfigError && e.variable === 'OAUTH_AUDIENCE',
    );
    assert.throws(
      () => loadConfig({ OAUTH_ISSUER: 'ftp://idp.example', OAUTH_AUDIENCE: 'x' }),
      (e: unknown) => e instanceof ConfigError && e.variable === 'OAUTH_ISSUER',
    );
    assert.throws(
      () => loadConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '0' }),
      (e: unknown) => e instanceof ConfigError,
    );
    assert.throws(
      () => loadConfig({ OAUTH_TENANT_CLAIM: 'has space' }),
      (e: unknown) => e instanceof ConfigError,
    );
    assert.throws(
      () => loadConfig({ OAUTH_TRUST_PROXY: 'maybe' }),
      (e: unknown) => e instanceof ConfigError,
    );
    const external = loadConfig({
      OAUTH_ISSUER: 'https://idp.example',
      OAUTH_AUDIENCE: 'api://dms',
      OAUTH_TENANT_CLAIM: 'org_id',
    });
    assert.equal(external.oauth.externalIssuer, 'https://idp.example');
    assert.equal(external.oauth.audience, 'api://dms');
    assert.equal(external.oauth.tenantClaim, 'org_id');
  });
});
