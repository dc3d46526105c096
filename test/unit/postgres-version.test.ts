import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { postgresVersionProblem, REQUIRED_POSTGRES_MAJOR } from '../../db/server-version';

describe('the Postgres version check', () => {
  it('accepts the required major and later ones, as Postgres reports them', () => {
    assert.equal(REQUIRED_POSTGRES_MAJOR, 18);
    for (const version of ['18.0', '18.1', '18.4 (Debian 18.4-1.pgdg130+1)', '18beta1', '18rc1', '19devel', '19.2']) {
      assert.equal(postgresVersionProblem(version), undefined, version);
    }
  });

  it('refuses an older server with a message naming the version found and the one required', () => {
    for (const version of ['16.4 (Debian 16.4-1.pgdg120+1)', '17.6', '9.6.24', '10.23']) {
      const problem = postgresVersionProblem(version);
      assert.ok(problem, version);
      assert.match(problem, new RegExp(`Postgres ${version.replace(/[.()+]/g, '\\$&')} found`));
      assert.match(problem, /requires Postgres 18 or later/);
    }
  });

  it('refuses a version it cannot read rather than guessing', () => {
    assert.match(postgresVersionProblem('') ?? '', /could not read the Postgres server version/);
    assert.match(postgresVersionProblem('PostgreSQL') ?? '', /could not read .*"PostgreSQL"/);
  });
});
