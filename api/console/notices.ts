import type { Context } from 'koa';
import type { AppError, FieldError } from '../../core/app-error';
import type { Notice } from './layout';

/** What each refusal of the service means, in the words of the person who clicked. */
export function plainWords(error: AppError): Notice {
  const detail = error.detail.replace(/^The caller is /, 'You are ');
  switch (error.code) {
    case 'not_an_eligible_approver':
      return { kind: 'error', title: 'You cannot act on this step (separation of duties).', detail };
    case 'approval_step_moved':
      return {
        kind: 'error',
        title: 'Someone acted first: this step has already moved on.',
        detail: 'The page now shows the current state; check it before acting again.',
      };
    case 'decision_not_pending':
      return {
        kind: 'error',
        title: 'This decision is no longer awaiting approval.',
        detail: 'The page now shows its current state.',
      };
    case 'decision_transition_not_allowed':
      return { kind: 'error', title: 'That is not possible in the decision’s current state.', detail: error.detail };
    case 'insufficient_scope':
      return {
        kind: 'error',
        title: 'Your role does not allow this.',
        detail: 'Viewers can read decisions but not act on them. Ask an admin if you need more.',
      };
    case 'user_actor_required':
      return { kind: 'error', title: 'Only a signed-in person can do this.', detail: error.detail };
    case 'kpi_alert_resolved':
      return {
        kind: 'error',
        title: 'This alert is already resolved.',
        detail: 'The page now shows the alerts that are still open.',
      };
    case 'validation_failed':
    case 'invalid_parameters':
      return {
        kind: 'error',
        title: 'Please check what you entered.',
        detail:
          ((error.extras.errors as FieldError[] | undefined) ?? [])
            .map((e) => `${fieldLabel(e.path)} ${e.message}`)
            .join('; ') || error.detail,
      };
    case 'invalid_cursor':
      return { kind: 'error', title: 'That page link is no longer valid.', detail: 'Start again from the first page.' };
    case 'database_unavailable':
    case 'workflow_engine_unavailable':
    case 'identity_provider_unavailable':
      return {
        kind: 'error',
        title: 'The service is briefly unavailable. Nothing was changed.',
        detail: 'Try again in a few seconds.',
      };
    default:
      return { kind: 'error', title: 'That did not work.', detail: error.detail };
  }
}

const FIELD_LABELS: Record<string, string> = {
  '/comment': 'The comment',
  '/expected_step': 'The step',
  '/status': 'Status',
  '/owner_id': 'Owner',
  '/tag': 'Tag',
  '/due_after': 'Due from',
  '/due_before': 'Due before',
  '/cursor': 'The page link',
};
const fieldLabel = (pointer: string) => FIELD_LABELS[pointer.replace(/^\/query/, '')] ?? pointer;

const NOTICES: Record<string, Notice> = {
  approved: { kind: 'success', title: 'Approved. Your approval is recorded.' },
  rejected: { kind: 'success', title: 'Rejected. The decision is closed as rejected.' },
  changes_requested: { kind: 'success', title: 'Changes requested. The owner can now edit and resubmit.' },
  commented: { kind: 'success', title: 'Comment added.' },
  resubmitted: { kind: 'success', title: 'Resubmitted. The review has resumed.' },
  edited: { kind: 'success', title: 'Changes saved. Resubmit the decision when it is ready for review.' },
  review_approved: { kind: 'success', title: 'Approved. Your approval of this version is recorded.' },
  review_rejected: { kind: 'success', title: 'Rejected. The version will not be published.' },
  review_changes_requested: {
    kind: 'success',
    title: 'Changes requested. The author can now change the draft and submit it again.',
  },
  acknowledged: {
    kind: 'success',
    title: 'Alert acknowledged. It sends no more re-notifications while it stays open.',
  },
};

/** The success notice a redirect after an action names in `?notice=` (decision and KPI pages). */
export function noticeOf(ctx: Context): Notice | undefined {
  const noticeKey = typeof ctx.query.notice === 'string' ? ctx.query.notice : undefined;
  return noticeKey ? NOTICES[noticeKey] : undefined;
}

/** After the preferences form is saved. */
export const notificationsPreferencesSaved: Notice = {
  kind: 'success',
  title: 'Your notification preferences are saved.',
};
