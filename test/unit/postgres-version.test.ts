import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import {
  postgresVersionProblem,
  REQUIRED_POSTGRES_MAJOR,
  UnsupportedPostgresError,
  waitForSupportedPostgres,
} from '../../db/server-version';

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

  it('waits for a Postgres that cannot be reached yet, and stops only on one that answers with an old version', async () => {
    /** Answers SHOW server_version with each of `answers` in turn (an Error is thrown, as pg does when it cannot connect). */
    const server = (answers: Array<string | Error>) => {
      let calls = 0;
      const knex = {
        raw: async () => {
          const answer = answers[Math.min(calls++, answers.length - 1)] as string | Error;
          if (answer instanceof Error) throw answer;
          return { rows: [{ server_version: answer }] };
        },
      } as unknown as Knex;
      return { knex, calls: () => calls };
    };
    const starting = server([
      new Error('timeout expired'),
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      '18.1',
    ]);
    const retries: unknown[] = [];
    assert.equal(
      await waitForSupportedPostgres(starting.knex, { retryMs: 1, onRetry: (error) => retries.push(error) }),
      '18.1',
    );
    assert.equal(retries.length, 2);
    const old = server(['16.4 (Debian 16.4-1.pgdg120+1)']);
    await assert.rejects(
      waitForSupportedPostgres(old.knex, { retryMs: 1, onRetry: () => assert.fail('an old server is not retried') }),
      UnsupportedPostgresError,
    );
    assert.equal(old.calls(), 1);
  });
});
