import type { Knex } from 'knex';
import type { FailureRetries } from './start-failure-retries';

/** What every failures use case is given. */
export interface FailureUseCaseDeps {
  db: Knex;
  retries: FailureRetries;
}
