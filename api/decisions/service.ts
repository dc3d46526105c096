import type { PageRequest } from '../../db/pagination';
import type { RequestContext } from '../context';
import { approvalInbox } from './list-approval-inbox';
import { compareOptions } from './compare-options';
import { createDecision, type DecisionCreate } from './create-decision';
import { attachEvidence, detachEvidence, listDecisionEvidence, type EvidenceInput } from './attach-evidence';
import { decisionHistory } from './list-decision-history';
import { decisionPermissions } from './get-decision-permissions';
import type { DecisionUseCaseDeps } from './deps';
import { deleteDecision } from './delete-decision';
import { editDecision, type DecisionUpdate } from './update-decision';
import { countDecisionsByStatus, getDecision, listDecisions, type DecisionListFilters } from './list-decisions';
import { reassignStep, type ReassignBody } from './reassign-step';
import { resubmitDecision } from './resubmit-decision';
import { actOnStep, closeDecision, commentOnDecision, implementDecision, withdrawDecision, type ApprovalAction, type CommentBody, type OptionalComment } from './act-on-step';
import { submitDecision, type SubmitDecision } from './submit-decision';

export type { DecisionCreate } from './create-decision';
export type { EvidenceInput } from './attach-evidence';
export type { DecisionUseCaseDeps } from './deps';
export type { DecisionUpdate } from './update-decision';
export type { DecisionListFilters } from './list-decisions';
export type { ReassignBody } from './reassign-step';
export type { ApprovalAction, CommentBody, OptionalComment } from './act-on-step';
export type { SubmitDecision } from './submit-decision';

/** The decision log, its evidence, and the acts on its review: one file per use case, composed here. */
export function createDecisionService(deps: DecisionUseCaseDeps) {
  return {
    submit: (context: RequestContext, id: string, body: SubmitDecision) => submitDecision(deps, context, id, body),
    approve: (context: RequestContext, id: string, body: ApprovalAction) => actOnStep(deps, context, id, body, 'approve'),
    reject: (context: RequestContext, id: string, body: ApprovalAction) => actOnStep(deps, context, id, body, 'reject'),
    requestChanges: (context: RequestContext, id: string, body: ApprovalAction) => actOnStep(deps, context, id, body, 'requestChanges'),
    comment: (context: RequestContext, id: string, body: CommentBody) => commentOnDecision(deps, context, id, body),
    withdraw: (context: RequestContext, id: string, body: OptionalComment) => withdrawDecision(deps, context, id, body),
    implement: (context: RequestContext, id: string, body: OptionalComment) => implementDecision(deps, context, id, body),
    close: (context: RequestContext, id: string, body: OptionalComment) => closeDecision(deps, context, id, body),
    reassign: (context: RequestContext, id: string, body: ReassignBody) => reassignStep(deps, context, id, body),
    resubmit: (context: RequestContext, id: string, body: OptionalComment) => resubmitDecision(deps, context, id, body),
    /** A model version's release decision, submitted or resumed by the version's own submission (after its gate). */
    submitRelease: (context: RequestContext, id: string, body: SubmitDecision) => submitDecision(deps, context, id, body, { releaseReview: true }),
    resubmitRelease: (context: RequestContext, id: string, body: OptionalComment) => resubmitDecision(deps, context, id, body, { releaseReview: true }),
    permissions: (context: RequestContext, id: string) => decisionPermissions(deps, context, id),
    inbox: (context: RequestContext, limit: number) => approvalInbox(deps, context, limit),
    create: (context: RequestContext, body: DecisionCreate) => createDecision(deps, context, body),
    list: (context: RequestContext, filters: DecisionListFilters, page: PageRequest) => listDecisions(deps, context, filters, page),
    countByStatus: (context: RequestContext) => countDecisionsByStatus(deps, context),
    get: (context: RequestContext, id: string) => getDecision(deps, context, id),
    update: (context: RequestContext, id: string, body: DecisionUpdate) => editDecision(deps, context, id, body),
    remove: (context: RequestContext, id: string) => deleteDecision(deps, context, id),
    attachEvidence: (context: RequestContext, id: string, body: EvidenceInput) => attachEvidence(deps, context, id, body),
    listEvidence: (context: RequestContext, id: string, filters: { attached?: boolean }, page: PageRequest) => listDecisionEvidence(deps, context, id, filters, page),
    detachEvidence: (context: RequestContext, id: string, evidenceId: string) => detachEvidence(deps, context, id, evidenceId),
    history: (context: RequestContext, id: string, page: PageRequest) => decisionHistory(deps, context, id, page),
    compare: (context: RequestContext, id: string, baseline: string | undefined) => compareOptions(deps, context, id, baseline),
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
