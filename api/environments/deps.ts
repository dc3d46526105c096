// What the environments family's use cases are given.
import type { Knex } from 'knex';
import type { CacheFeed } from '../../db/cache-feed';

export interface EnvironmentUseCaseDeps {
  db: Knex;
  /** Changes answer once every API process has dropped the tenant's environments from memory. */
  cacheFeed?: CacheFeed;
}
