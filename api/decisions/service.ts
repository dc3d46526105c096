import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import type {
  ApprovalActionRequest,
  AttachEvidenceRequest,
  CreateDecisionRequest,
  DecisionCommentRequest,
  OptionalCommentRequest,
  ReassignStepRequest,
  SubmitDecisionRequest,
  UpdateDecisionRequest,
} from '../openapi/request-types.generated';
import { actOnStep } from './act-on-step';
import { attachEvidence } from './attach-evidence';
import { closeDecision } from './close-decision';
import { commentOnDecision } from './comment-on-decision';
import { compareOptions } from './compare-options';
import { countDecisionsByStatus } from './count-decisions-by-status';
import { createDecision } from './create-decision';
import { deleteDecision } from './delete-decision';
import type { DecisionUseCaseDeps } from './deps';
import { detachEvidence } from './detach-evidence';
import { getDecision } from './get-decision';
import { getDecisionPermissions } from './get-decision-permissions';
import { implementDecision } from './implement-decision';
import { listApprovalInbox } from './list-approval-inbox';
import { listAwayApprovers } from './list-away-approvers';
import { listDecisionEvidence } from './list-decision-evidence';
import { listDecisionHistory } from './list-decision-history';
import { listDecisions, type DecisionListFilters } from './list-decisions';
import { reassignStep } from './reassign-step';
import { resubmitDecision } from './resubmit-decision';
import { submitDecision } from './submit-decision';
import { updateDecision } from './update-decision';
import { withdrawDecision } from './withdraw-decision';

export type { DecisionUseCaseDeps } from './deps';
export type { DecisionListFilters } from './list-decisions';
/** The body of a new decision (the generated CreateDecisionRequest), under the name callers of this service know. */
export type DecisionCreate = CreateDecisionRequest;

/** The decision log, its evidence, and the acts on its review: one file per use case, composed here. */
export function createDecisionService(deps: DecisionUseCaseDeps) {
  return {
    submit: (context: RequestContext, id: string, body: SubmitDecisionRequest) =>
      submitDecision(deps, context, id, body),
    approve: (context: RequestContext, id: string, body: ApprovalActionRequest) =>
      actOnStep(deps, context, id, body, 'approve'),
    reject: (context: RequestContext, id: string, body: ApprovalActionRequest) =>
      actOnStep(deps, context, id, body, 'reject'),
    requestChanges: (context: RequestContext, id: string, body: ApprovalActionRequest) =>
      actOnStep(deps, context, id, body, 'requestChanges'),
    comment: (context: RequestContext, id: string, body: DecisionCommentRequest) =>
      commentOnDecision(deps, context, id, body),
    withdraw: (context: RequestContext, id: string, body: OptionalCommentRequest) =>
      withdrawDecision(deps, context, id, body),
    implement: (context: RequestContext, id: string, body: OptionalCommentRequest) =>
      implementDecision(deps, context, id, body),
    close: (context: RequestContext, id: string, body: OptionalCommentRequest) =>
      closeDecision(deps, context, id, body),
    reassign: (context: RequestContext, id: string, body: ReassignStepRequest) => reassignStep(deps, context, id, body),
    resubmit: (context: RequestContext, id: string, body: OptionalCommentRequest) =>
      resubmitDecision(deps, context, id, body),
    /** A model version's release decision, submitted or resumed by the version's own submission (after its gate). */
    submitRelease: (context: RequestContext, id: string, body: SubmitDecisionRequest) =>
      submitDecision(deps, context, id, body, { releaseReview: true }),
    resubmitRelease: (context: RequestContext, id: string, body: OptionalCommentRequest) =>
      resubmitDecision(deps, context, id, body, { releaseReview: true }),
    permissions: (context: RequestContext, id: string) => getDecisionPermissions(deps, context, id),
    inbox: (context: RequestContext, limit: number) => listApprovalInbox(deps, context, limit),
    awayApprovers: (context: RequestContext, id: string) => listAwayApprovers(deps, context, id),
    create: (context: RequestContext, body: CreateDecisionRequest) => createDecision(deps, context, body),
    list: (context: RequestContext, filters: DecisionListFilters, page: PageRequest) =>
      listDecisions(deps, context, filters, page),
    countByStatus: (context: RequestContext) => countDecisionsByStatus(deps, context),
    get: (context: RequestContext, id: string) => getDecision(deps, context, id),
    update: (context: RequestContext, id: string, body: UpdateDecisionRequest) =>
      updateDecision(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteDecision(deps, context, id),
    attachEvidence: (context: RequestContext, id: string, body: AttachEvidenceRequest) =>
      attachEvidence(deps, context, id, body),
    listEvidence: (context: RequestContext, id: string, filters: { attached?: boolean }, page: PageRequest) =>
      listDecisionEvidence(deps, context, id, filters, page),
    detachEvidence: (context: RequestContext, id: string, evidenceId: string) =>
      detachEvidence(deps, context, id, evidenceId),
    history: (context: RequestContext, id: string, page: PageRequest) => listDecisionHistory(deps, context, id, page),
    compare: (context: RequestContext, id: string, baseline: string | undefined) =>
      compareOptions(deps, context, id, baseline),
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
