// What each service of the decisions family gives its use cases.
import type { Knex } from 'knex';
import type { ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { ModelService } from '../models/service';
import type { DecisionApprovals } from './start-approvals';

/** The decision log, its evidence and the acts on its review. */
export interface DecisionUseCaseDeps {
  db: Knex;
  models: ModelService;
  approvals: DecisionApprovals;
  sandbox: ExpressionSandbox;
}

/** A decision's outcomes. */
export interface OutcomeUseCaseDeps {
  db: Knex;
}

/** The links between outcome metrics and the KPIs that feed them. */
export interface OutcomeKpiUseCaseDeps {
  db: Knex;
}

/** Approval policies and their versions; their conditions are checked in the expression sandbox. */
export interface ApprovalPolicyUseCaseDeps {
  db: Knex;
  sandbox: ExpressionSandbox;
}
