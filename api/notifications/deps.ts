import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';

/** What every notification use case is given. */
export interface NotificationServiceDeps {
  db: Knex;
  config: Config;
  logger: Logger;
}
