import type { Knex } from 'knex';
import type { WebhookConfig } from '../../core/config';
import type { Logger } from '../../core/logger';
import type { ResolveHost } from './sender';

/** What the webhook activities need: their own file, so the activities' factory and its passes share it without a cycle. */
export interface WebhookActivityDeps {
  db: Knex;
  logger: Logger;
  webhooks: WebhookConfig;
  /** DNS resolution of webhook hosts; tests inject one to point names at private addresses. */
  resolveHost?: ResolveHost;
}
