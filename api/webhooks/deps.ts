import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { WebhookDeliveriesDeps } from './start-deliveries';

/** What every webhook use case is given. */
export interface WebhookUseCaseDeps {
  db: Knex;
  config: Config;
  /** How the API wakes a subscription's delivery lane (a redelivery). */
  deliveries: WebhookDeliveriesDeps & { logger: Logger };
}
