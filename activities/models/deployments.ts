import { ApplicationFailure } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import { activateDeployment, endDeployment } from '../../db/repositories/deployment-transitions';
import { inTenantTransaction } from '../../db/tenant-scope';
import type {
  DeploymentStepInput,
  DeploymentStepResult,
  ModelDeploymentActivities,
} from '../../workflows/models/contracts-deployments';

/**
 * The two steps of a scheduled deployment (workflows/models/model-deployment.ts), each one transaction that is a no-op
 * when repeated or when Postgres no longer holds the deployment as the step expects (cancelled meanwhile: `applied`
 * false). A timer that fired a moment before the database's clock reaches the instant is retried, not skipped.
 */
export function createModelDeploymentActivities(deps: { db: Knex; logger: Logger }): ModelDeploymentActivities {
  const step =
    (apply: typeof activateDeployment, waitingStatuses: readonly string[]) =>
    async ({ tenantId, deploymentId }: DeploymentStepInput): Promise<DeploymentStepResult> => {
      const outcome = await inTenantTransaction(deps.db, tenantId, (scope) => apply(scope, deploymentId));
      const status = outcome.deployment?.status ?? 'missing';
      if (!outcome.applied && waitingStatuses.includes(status))
        throw ApplicationFailure.retryable(`deployment ${deploymentId} is not due yet by the database's clock`);
      return { applied: outcome.applied, status };
    };
  return {
    activateModelDeployment: step(activateDeployment, ['scheduled']),
    // An end due while the deployment still serves (active or beneath a later one) waits for the database's clock.
    endModelDeployment: step(endDeployment, ['active', 'superseded']),
  };
}
