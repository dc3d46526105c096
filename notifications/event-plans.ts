import type { NotificationKind } from '../core/notification-kinds';
import type { Audience, MessageContent, MessageFact, NotificationPlan } from './types';

/** What an event says, as the plans read it (the catalogue's `data`, loosely typed: events of older versions may lack fields). */
type EventData = Record<string, unknown>;

/** The decision facts a plan needs beyond the event: is it a model's release decision, and of which version. */
export interface DecisionFacts {
  tags: string[];
  model_release: { model_id: string; version: number } | null;
  /** Who wrote the decision, by name in its tenant (the author submits it); absent when read without it. */
  author_name?: string | null;
  /** The step the decision waits at when the event is read: its number, name and SLA (RFC 3339); null once decided. */
  current_step?: { number: number; name: string; sla_due_at: string | null } | null;
  /** The member who acted in the event, by name in the tenant. */
  actor_name?: string | null;
}

interface PlanInput {
  type: string;
  data: EventData;
  createdAt: Date;
  /** Facts of the decision the event is about (decision.* events), read by the caller. */
  decision?: DecisionFacts;
}

const object = (value: unknown): EventData => (value !== null && typeof value === 'object' ? (value as EventData) : {});
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

/** `@someone@example.com` in a comment names a member by email. */
export function mentionedEmails(comment: string): string[] {
  const found = comment.match(/(?<![\w.])@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g) ?? [];
  return [...new Set(found.map((mention) => mention.slice(1).toLowerCase()))];
}

/** The member who acted, when a person did. */
function actingMember(data: EventData): string | null {
  const actor = object(data.actor);
  return actor.type === 'user' ? text(actor.id) || null : null;
}

function approverSetAudiences(set: unknown): Audience[] {
  const value = object(set);
  const audiences: Audience[] = [];
  if (typeof value.role === 'string') audiences.push({ type: 'role', role: value.role });
  if (Array.isArray(value.user_ids))
    audiences.push({ type: 'members', memberIds: value.user_ids.filter((id): id is string => typeof id === 'string') });
  return audiences;
}

/** What every decision message draws on: the decision, its transition, the facts to show and who is asked. */
function decisionPlanContext(input: PlanInput) {
  const decision = object(input.data.decision);
  const transition = object(input.data.transition);
  const decisionId = text(decision.id);
  const release = input.decision?.model_release ?? null;
  const title = text(decision.title);
  const stepName = text(transition.step_name);
  const step = transition.step;
  const excludeMemberId = actingMember(input.data);
  const threadKey = `decision:${decisionId}`;
  const action = release
    ? {
        label: `Review ${title}`,
        path: `/console/models/${encodeURIComponent(release.model_id)}/versions/${release.version}`,
      }
    : { label: `Open “${title}”`, path: `/console/decisions/${encodeURIComponent(decisionId)}` };
  const stepFact: MessageFact[] = stepName
    ? [{ label: 'Step', value: typeof step === 'number' ? `${step}. ${stepName}` : stepName }]
    : [];
  const facts = input.decision;
  const author = facts?.author_name ?? undefined;
  const actor = facts?.actor_name ?? undefined;
  const waitingAt = facts?.current_step ?? null;
  // The step the decision waits at now, for the messages that ask someone to act on it.
  const currentStepFact: MessageFact[] = waitingAt
    ? [{ label: 'Step', value: `${waitingAt.number}. ${waitingAt.name}` }]
    : [];
  const slaFact: MessageFact[] = waitingAt?.sla_due_at
    ? [{ label: 'SLA due', value: waitingAt.sla_due_at, type: 'datetime' }]
    : [];
  const approversNow: Audience[] = [{ type: 'decision_approvers', decisionId }];
  const ownerAndAuthor: Audience[] = [{ type: 'decision_owner_and_author', decisionId }];
  const comment = typeof transition.comment === 'string' && transition.comment.trim() ? transition.comment : undefined;
  const requested: NotificationKind = release ? 'model_review_requested' : 'approval_requested';
  const result: NotificationKind = release ? 'model_review_result' : 'decision_result';

  const plan = (
    kind: NotificationKind,
    audiences: Audience[],
    content: Omit<MessageContent, 'action'> & { action?: MessageContent['action'] },
  ): NotificationPlan[] => [
    { kind, audiences, content: { ...content, action: content.action ?? action }, threadKey, excludeMemberId },
  ];

  return {
    decision,
    transition,
    release,
    title,
    stepName,
    step,
    stepFact,
    author,
    actor,
    currentStepFact,
    slaFact,
    approversNow,
    ownerAndAuthor,
    comment,
    requested,
    result,
    plan,
  };
}

type DecisionPlanContext = ReturnType<typeof decisionPlanContext>;

/** Messages asking approvers to act: submissions, a step passed on, reassignments, escalations and reminders; undefined for other events. */
function approvalRequestPlans(input: PlanInput, context: DecisionPlanContext): NotificationPlan[] | undefined {
  const {
    decision,
    transition,
    release,
    title,
    stepName,
    step,
    stepFact,
    author,
    actor,
    currentStepFact,
    slaFact,
    approversNow,
    comment,
    requested,
    plan,
  } = context;
  switch (input.type) {
    case 'decision.submitted':
    case 'decision.resubmitted': {
      const resubmitted = input.type === 'decision.resubmitted';
      const submitter = actor ?? author;
      return plan(requested, approversNow, {
        subject: release ? `Review requested: ${title}` : `Approval requested: ${title}`,
        headline: release ? `A model version awaits your review: “${title}”.` : `“${title}” awaits your approval.`,
        facts: [
          ...(submitter ? [{ label: 'Submitted by', value: submitter }] : []),
          ...(stepFact.length > 0 ? stepFact : currentStepFact),
          ...slaFact,
          { label: 'Submitted', value: input.createdAt.toISOString(), type: 'datetime' },
          {
            label: 'What changed',
            value: resubmitted
              ? `Resubmitted${submitter ? ` by ${submitter}` : ''} after changes were requested${typeof transition.round === 'number' ? ` (review round ${transition.round})` : ''}`
              : `Submitted for approval${submitter ? ` by ${submitter}` : ''}`,
          },
        ],
        ...(comment ? { quote: comment } : {}),
      });
    }
    case 'decision.step.approved':
      // The next step's approvers are asked once the step is complete and the decision still pending (not the last step).
      if (transition.step_complete !== true || decision.status !== 'pending_approval') return [];
      return plan(requested, approversNow, {
        subject: release ? `Review requested: ${title}` : `Approval requested: ${title}`,
        headline: `“${title}” moved to step ${text(decision.current_step)} and awaits your approval.`,
        facts: [
          ...(author ? [{ label: 'Submitted by', value: author }] : []),
          ...(currentStepFact.length > 0 ? currentStepFact : [{ label: 'Step', value: text(decision.current_step) }]),
          ...slaFact,
          { label: 'Since', value: input.createdAt.toISOString(), type: 'datetime' },
          {
            label: 'What changed',
            value: `${actor ?? 'An approver'} approved step ${stepName ? `${text(step)}. ${stepName}` : text(step)}`,
          },
        ],
      });
    case 'decision.step.reassigned':
      return plan(requested, approverSetAudiences(transition.to).length > 0 ? approversNow : [], {
        subject: `Approval reassigned to you: ${title}`,
        headline: `An admin made you an approver of “${title}”.`,
        facts: [
          ...(author ? [{ label: 'Submitted by', value: author }] : []),
          ...stepFact,
          ...slaFact,
          { label: 'What changed', value: `${actor ?? 'An admin'} reassigned the step's approvers` },
        ],
        ...(comment ? { quote: comment } : {}),
      });
    case 'decision.step.escalated':
      return plan('approval_reminder', [...approversNow, ...approverSetAudiences(transition.escalated_to)], {
        subject: `Overdue: ${title}`,
        headline: `The step “${stepName}” of “${title}” passed its SLA and still needs approvals.`,
        facts: [...stepFact, { label: 'SLA was due', value: text(transition.sla_due_at), type: 'datetime' }],
      });
    case 'decision.step.reminder':
      if (transition.before_sla === true) {
        return plan('approval_reminder', approversNow, {
          subject: `Due soon: ${title}`,
          headline: `“${title}” awaits your approval at step “${stepName}”; its SLA ends soon (${text(transition.approvals_given)} of ${text(transition.approvals_required)} approvals so far).`,
          facts: [...stepFact, { label: 'SLA ends', value: text(transition.sla_due_at), type: 'datetime' }],
        });
      }
      return plan('approval_reminder', approversNow, {
        subject: `Reminder: ${title} is overdue`,
        headline: `“${title}” still awaits approvals at step “${stepName}” (${text(transition.approvals_given)} of ${text(transition.approvals_required)}).`,
        facts: [...stepFact, { label: 'SLA was due', value: text(transition.sla_due_at), type: 'datetime' }],
      });
    default:
      return undefined;
  }
}

/** Messages to the owner and author about the outcome, and to the members a comment mentions. */
function decisionOutcomePlans(input: PlanInput, context: DecisionPlanContext): NotificationPlan[] {
  const { transition, release, title, stepName, stepFact, ownerAndAuthor, comment, result, plan } = context;
  switch (input.type) {
    case 'decision.approved':
      return plan(result, ownerAndAuthor, {
        subject: `Approved: ${title}`,
        headline: release ? `“${title}” was approved: the version is published.` : `“${title}” was approved.`,
        facts: [{ label: 'Approved', value: input.createdAt.toISOString(), type: 'datetime' }],
      });
    case 'decision.rejected':
      return plan(result, ownerAndAuthor, {
        subject: `Rejected: ${title}`,
        headline: `“${title}” was rejected${stepName ? ` at step “${stepName}”` : ''}.`,
        facts: [{ label: 'Rejected', value: input.createdAt.toISOString(), type: 'datetime' }],
        ...(comment ? { quote: comment } : {}),
      });
    case 'decision.changes_requested':
      return plan(result, ownerAndAuthor, {
        subject: `Changes requested: ${title}`,
        headline: release
          ? `A reviewer sent “${title}” back for changes.`
          : `An approver asked for changes to “${title}”.`,
        facts: stepFact,
        ...(comment ? { quote: comment } : {}),
      });
    case 'decision.expired':
      return plan(result, ownerAndAuthor, {
        subject: `Expired: ${title}`,
        headline: `“${title}” expired: its step “${stepName}” passed its final deadline without its approvals.`,
        facts: [{ label: 'Deadline', value: text(transition.deadline_at), type: 'datetime' }],
      });
    case 'decision.commented': {
      const said = text(transition.comment);
      const emails = mentionedEmails(said);
      if (emails.length === 0) return [];
      return plan('mention', [{ type: 'members_by_email', emails }], {
        subject: `You were mentioned: ${title}`,
        headline: `You were mentioned in a comment on “${title}”.`,
        facts: [{ label: 'Commented', value: input.createdAt.toISOString(), type: 'datetime' }],
        quote: said,
      });
    }
    default:
      return [];
  }
}

function decisionPlan(input: PlanInput): NotificationPlan[] {
  if (!text(object(input.data.decision).id)) return [];
  const context = decisionPlanContext(input);
  return approvalRequestPlans(input, context) ?? decisionOutcomePlans(input, context);
}

function kpiAlertPlan(input: PlanInput): NotificationPlan[] {
  const kpi = object(input.data.kpi);
  const rule = object(input.data.rule);
  const alert = object(input.data.alert);
  const kpiId = text(kpi.id);
  if (!kpiId) return [];
  const resolved = input.type === 'kpi.alert.resolved';
  const again = input.data.notification === 'renotification';
  const severity = text(alert.severity);
  const state = resolved ? 'resolved' : again ? 'still firing' : 'firing';
  return [
    {
      kind: 'kpi_alert',
      audiences: [{ type: 'kpi_owner_and_watchers', kpiId }],
      content: {
        subject: `${resolved ? 'Resolved' : again ? 'Still firing' : 'Firing'}: ${text(kpi.name)} — ${text(rule.name)}`,
        headline: `The ${severity} alert “${text(rule.name)}” on ${text(kpi.name)} is ${state}.`,
        ...(typeof input.data.summary === 'string' && input.data.summary ? { quote: input.data.summary } : {}),
        facts: [
          { label: 'Severity', value: severity },
          { label: 'Rule', value: `${text(rule.name)} (${text(rule.kind)})` },
          {
            label: resolved ? 'Resolved' : 'Fired',
            value: text(resolved ? alert.resolved_at : alert.fired_at) || input.createdAt.toISOString(),
            type: 'datetime',
          },
        ],
        action: { label: `Open ${text(kpi.name)}`, path: `/console/kpis/${encodeURIComponent(kpiId)}` },
      },
      threadKey: `kpi_alert:${text(alert.id) || kpiId}`,
      excludeMemberId: null,
    },
  ];
}

function operationsPlan(input: PlanInput): NotificationPlan[] {
  const admins: Audience[] = [{ type: 'admins' }];
  const plan = (threadKey: string, content: MessageContent): NotificationPlan[] => [
    { kind: 'operations', audiences: admins, content, threadKey, excludeMemberId: null },
  ];
  switch (input.type) {
    case 'integration.sync.failed':
    case 'integration.sync.completed': {
      const sync = object(input.data.sync);
      const counts = object(sync.counts);
      const warnings = Array.isArray(sync.warnings) ? sync.warnings : [];
      const status = text(sync.status);
      if (input.type === 'integration.sync.completed' && status !== 'partially_completed' && warnings.length === 0)
        return [];
      const failed = input.type === 'integration.sync.failed';
      const error = object(sync.error);
      return plan(`integration:${text(sync.integration_id)}`, {
        subject: failed
          ? `Sync ${status === 'cancelled' ? 'cancelled' : 'failed'}: ${text(sync.dataset)}`
          : `Sync needs attention: ${text(sync.dataset)}`,
        headline: failed
          ? `A sync of the dataset “${text(sync.dataset)}” ${status === 'cancelled' ? 'was cancelled' : 'failed'}${error.detail ? `: ${text(error.detail)}` : '.'}`
          : `A sync of the dataset “${text(sync.dataset)}” completed with ${text(counts.rejected)} rejected records${warnings.length > 0 ? ' and data-quality warnings' : ''}.`,
        facts: [
          { label: 'Integration', value: text(sync.integration_id) },
          { label: 'Sync', value: text(sync.id) },
          { label: 'Records read', value: text(counts.read) },
          { label: 'Rejected', value: text(counts.rejected) },
          { label: 'When', value: input.createdAt.toISOString(), type: 'datetime' },
        ],
        action: { label: 'Open the administration area', path: '/console/admin' },
      });
    }
    case 'webhook.disabled': {
      const webhook = object(input.data.webhook);
      return plan(`webhook:${text(webhook.id)}`, {
        subject: `Webhook disabled: ${text(webhook.url)}`,
        headline: `The webhook endpoint ${text(webhook.url)} was disabled (${text(webhook.disabled_reason).replace(/_/g, ' ')}); events are no longer delivered to it.`,
        facts: [{ label: 'Disabled', value: text(webhook.disabled_at), type: 'datetime' }],
        action: { label: 'Open the webhook', path: `/console/admin/webhooks/${encodeURIComponent(text(webhook.id))}` },
      });
    }
    case 'api_key.expiring': {
      const key = object(input.data.api_key);
      return plan(`api_key:${text(key.id)}`, {
        subject: `API key expires soon: ${text(key.name)}`,
        headline: `The API key “${text(key.name)}” (${text(key.key_prefix)}…) expires soon; rotate it before clients are refused.`,
        facts: [{ label: 'Expires', value: text(key.expires_at), type: 'datetime' }],
        action: { label: 'Open API keys', path: '/console/admin/api-keys' },
      });
    }
    case 'usage.quota.warning':
    case 'usage.quota.exceeded': {
      const quota = object(input.data.quota);
      const exceeded = input.type === 'usage.quota.exceeded';
      const refusing = text(input.data.policy) === 'refuse';
      return plan(`usage:${text(quota.name)}:${text(input.data.period_start)}`, {
        subject: `${exceeded ? 'Quota used up' : 'Quota 80 % used'}: ${text(quota.name)}`,
        headline: exceeded
          ? `The ${text(quota.name)} quota (${text(quota.limit)}) is used up${refusing ? '; further work of this kind is refused until the period ends.' : '; further work counts as overage.'}`
          : `The ${text(quota.name)} quota is 80 % used: ${text(input.data.used)} of ${text(quota.limit)}.`,
        facts: [
          { label: 'Used', value: text(input.data.used) },
          { label: 'Limit', value: text(quota.limit) },
          { label: 'Period ends', value: text(input.data.period_end), type: 'datetime' },
        ],
        action: { label: 'Open the administration area', path: '/console/admin' },
      });
    }
    default:
      return [];
  }
}

/**
 * A promotion or rollback taking effect tells the model's owner (a draft review's approval is told as its review's
 * result; a person is not told of their own act, but a scheduled switch is the timer's, so they hear of it then).
 */
function deploymentPlan(input: PlanInput): NotificationPlan[] {
  const model = object(input.data.model);
  const deployment = object(input.data.deployment);
  const environment = object(deployment.environment);
  const modelId = text(model.id);
  if (!modelId || !['promotion', 'rollback'].includes(text(deployment.kind))) return [];
  const actor = object(input.data.actor);
  return [
    {
      kind: 'model_deployment',
      audiences: [{ type: 'model_owner', modelId }],
      content: {
        subject: `${text(model.name)} version ${text(deployment.version)} is in effect in ${text(environment.name)}`,
        headline: `Version ${text(deployment.version)} of ${text(model.name)} took effect in ${text(environment.name)}${deployment.replaced_version ? `, replacing version ${text(deployment.replaced_version)}` : ''}.`,
        facts: [
          { label: 'Environment', value: text(environment.name) },
          { label: 'In effect from', value: text(deployment.effective_from), type: 'datetime' },
          ...(deployment.effective_until
            ? [{ label: 'Until', value: text(deployment.effective_until), type: 'datetime' as const }]
            : []),
        ],
        action: { label: `Open ${text(model.name)}`, path: `/console/models/${encodeURIComponent(modelId)}` },
      },
      threadKey: `model_deployment:${text(deployment.id)}`,
      excludeMemberId: actor.type === 'user' ? text(actor.id) : null,
    },
  ];
}

/** The event types that may notify someone (the relay reads only these events' data). */
export const NOTIFYING_EVENT_TYPES: ReadonlySet<string> = new Set([
  'decision.submitted',
  'decision.resubmitted',
  'decision.step.approved',
  'decision.step.reassigned',
  'decision.step.escalated',
  'decision.step.reminder',
  'decision.approved',
  'decision.rejected',
  'decision.changes_requested',
  'decision.expired',
  'decision.commented',
  'kpi.alert.triggered',
  'kpi.alert.resolved',
  'integration.sync.failed',
  'integration.sync.completed',
  'webhook.disabled',
  'api_key.expiring',
  'usage.quota.warning',
  'usage.quota.exceeded',
  'model.deployment.activated',
]);

/**
 * What notifications an event asks for. Model reviews travel as their release decision's events (decision.* on a
 * decision with a `model_release`), so `model.version.*` events notify no one themselves (no message twice).
 */
export function planNotifications(input: PlanInput): NotificationPlan[] {
  if (!NOTIFYING_EVENT_TYPES.has(input.type)) return [];
  if (input.type.startsWith('decision.')) return decisionPlan(input);
  if (input.type.startsWith('kpi.alert.')) return kpiAlertPlan(input);
  if (input.type === 'model.deployment.activated') return deploymentPlan(input);
  return operationsPlan(input);
}
