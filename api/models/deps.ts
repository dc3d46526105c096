// What the models family's use cases are given: one place, imported by each use case and by the service that binds them.
import type { Knex } from 'knex';
import type { Config } from '../../core/config';
import type { ModelCatalogue } from '../../decision/catalogue';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import type { UsageCounter } from '../middleware/usage-quota';
import type { CacheFeed } from '../../db/cache-feed';
import type { ModelReplays } from './start-replays';
import type { InstanceRecordingDeps } from './instance-recording';

/** Where a model version's review runs: the decisions family's release decisions (see submit-model-version.ts). */
export interface ReleaseReviews {
  submitRelease(context: RequestContext, decisionId: string, body: { approval_policy_id?: string }): Promise<unknown>;
  resubmitRelease(context: RequestContext, decisionId: string, body: { comment?: string }): Promise<unknown>;
}

/** What every model use case is given. */
export interface ModelUseCaseDeps extends InstanceRecordingDeps {
  db: Knex;
  catalogue: ModelCatalogue;
  sandbox: ExpressionSandbox;
  /**
   * The API process's cache change feed: a model's published head is kept in memory on it, and the use cases that
   * change it (deprecation, rollback) answer once every process has dropped the old one. Absent: read each time.
   */
  cacheFeed?: CacheFeed;
  /** Counts evaluations against the tenant's volume quota (absent: counted exactly, each in a transaction of its own). */
  evaluations?: UsageCounter;
  /** Resolved when a review starts: the decisions family is built after (and on) this one. */
  releaseReviews: () => ReleaseReviews;
}

/** What every replay use case is given. */
export interface ModelReplayDeps {
  db: Knex;
  config: Pick<Config, 'modelReplay'>;
  replays: ModelReplays;
}
