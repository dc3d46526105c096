import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import type { RequestContext } from '../context';
import type { ConsoleSession } from './session';
import type { ConsoleToolkit } from './toolkit';

/**
 * The review actions on a decision, shared by every page that offers them: the decision page, and a model version's
 * page for the release decision that reviews it. One form, one check, one call of the same DecisionService methods as
 * the API, with the body checked by the API's own validators.
 */
export const DECISION_ACTIONS = {
  approve: { operation: 'approveDecision', notice: 'approved' },
  reject: { operation: 'rejectDecision', notice: 'rejected' },
  request_changes: { operation: 'requestDecisionChanges', notice: 'changes_requested' },
  comment: { operation: 'commentOnDecision', notice: 'commented' },
  resubmit: { operation: 'resubmitDecision', notice: 'resubmitted' },
} as const;
export type DecisionActionName = keyof typeof DECISION_ACTIONS;
export interface DecisionAction {
  action: DecisionActionName;
  body: Record<string, unknown>;
}

export const mayReadDecisions = (session: ConsoleSession) => hasScope(session.principal.scopes, 'decisions:read');
export const mayActOnDecisions = (session: ConsoleSession) => hasScope(session.principal.scopes, 'decisions:write');

/**
 * A form POST from someone who may act on decisions: the CSRF-checked session and form, or undefined once answered.
 * Scopes exactly as the API enforces them: a viewer's forged POST is refused here, before any service call.
 */
export async function actingPost(kit: ConsoleToolkit, ctx: Context, refusal: string) {
  const checked = await kit.checkedPost(ctx);
  if (!checked) return undefined;
  if (!mayActOnDecisions(checked.session)) {
    const members = await kit.directory(checked.session.principal.tenantId);
    kit.refuse(ctx, 403, 'Not allowed', refusal, await kit.viewerOf(checked.session, members));
    return undefined;
  }
  return checked;
}

/** The review form's action (approve, reject, request changes, resubmit, comment) as its API body; undefined for an unknown or unoffered action. */
export function decisionActionBody(
  form: URLSearchParams,
  offered: readonly DecisionActionName[] = Object.keys(DECISION_ACTIONS) as DecisionActionName[],
): DecisionAction | undefined {
  const action = form.get('action') as DecisionActionName | null;
  if (!action || !(action in DECISION_ACTIONS) || !offered.includes(action)) return undefined;
  const comment = (form.get('comment') ?? '').trim();
  const body: Record<string, unknown> = {};
  if (comment) body.comment = comment;
  if (action !== 'comment' && action !== 'resubmit') {
    const step = form.get('expected_step') ?? '';
    body.expected_step = /^\d{1,6}$/.test(step) ? Number(step) : step;
  }
  return { action, body };
}

/** Checks the body with the operation's validator and calls the DecisionService method, as the person. */
export async function performDecisionAction(
  kit: ConsoleToolkit,
  context: RequestContext,
  decisionId: string,
  { action, body }: DecisionAction,
): Promise<void> {
  const { decisions } = kit;
  const problems = kit.validators.forOperation(DECISION_ACTIONS[action].operation).body?.(body) ?? [];
  if (problems.length > 0) throw new AppError('validation_failed', 'The form is not valid.', { errors: problems });
  if (action === 'approve') await decisions.approve(context, decisionId, body as never);
  else if (action === 'reject') await decisions.reject(context, decisionId, body as never);
  else if (action === 'request_changes') await decisions.requestChanges(context, decisionId, body as never);
  else if (action === 'resubmit') await decisions.resubmit(context, decisionId, body as never);
  else await decisions.comment(context, decisionId, body as never);
}

/**
 * Runs an action and answers a refusal by rendering the page again with it in plain words (a 404 and other failures
 * propagate to the console's error page); true when the action succeeded and the caller should redirect.
 */
export async function refusalsShownOnPage(
  run: () => Promise<void>,
  rerender: (status: number, error: AppError) => Promise<void>,
): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof AppError && ((error.status !== 404 && error.status < 500) || error.status === 503)) {
      await rerender(error.status, error);
      return false;
    }
    throw error;
  }
}
