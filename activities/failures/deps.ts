import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import type { ModelCatalogue } from '../../decision/catalogue';

/**
 * How a retried item's new attempt is set going once it is stored: each is the family's own orchestration (its
 * `start-*.ts`), wired by the worker. Each is safe to call again for the same attempt.
 */
export interface FailureRetryPorts {
  /** Wakes a webhook subscription's delivery lane, starting it if it is not running: a redelivery is due. */
  wakeWebhookLane(lane: { tenantId: string; subscriptionId: string }): Promise<void>;
  /** Starts a stored sync's workflow; one already started is left alone. */
  startIntegrationSync(job: { tenantId: string; syncId: string }): Promise<void>;
  /** Wakes the tenant's notification lane, starting it if it is not running: a notification is due. */
  wakeNotificationLane(tenantId: string): Promise<void>;
  /** Starts a stored replay's workflow; one already started is left alone. */
  startModelReplay(job: { tenantId: string; replayId: string }): Promise<void>;
  /** Starts the workflow of a scenario's current run if it is still running and has none yet. */
  startScenarioRun(job: { tenantId: string; scenarioId: string }): Promise<void>;
}

/** What the failure-retry activities are given. */
export interface FailureRetryActivityDeps {
  db: Knex;
  logger: Logger;
  /** Resolves the version a failed scenario run's new run takes. */
  catalogue: ModelCatalogue;
  /** Without them (a worker wired for other work) an item's retry fails for good, saying so. */
  failureRetries?: FailureRetryPorts;
}
