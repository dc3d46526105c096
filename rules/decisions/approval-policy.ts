import { evaluateExpression } from '@gorules/zen-engine';
import type { FieldError } from '../../core/app-error';
import {
  describeEngineSource,
  engineErrorDetail,
  nonReproducibleConstruct,
  TEXT_ERROR_TYPES,
} from '../../decision/jdm';

/**
 * Approval policies' content: parsing and checking the steps a policy version is made of. Pure (the expression
 * engine runs in-process); whether named users belong to the tenant is the service's check, since it needs the
 * database.
 */

/** Roles whose members can act on decisions (`decisions:write`); a viewer could never approve. */
export const APPROVING_ROLES = ['analyst', 'approver', 'admin'] as const;
export type ApprovingRole = (typeof APPROVING_ROLES)[number];

export const MIN_STEPS = 1;
export const MAX_STEPS = 10;
export const MAX_CONDITION_LENGTH = 1000;

/**
 * SLAs and deadlines: at least one second (so tests can watch an escalation happen) and at most 90 days, the longest
 * a review is allowed to stay open.
 */
export const MIN_DURATION_SECONDS = 1;
export const MAX_DURATION_SECONDS = 90 * 86_400;

/** Who may act on a step, or whom it escalates to: a role, or named members of the tenant. */
export interface ApproverSet {
  role?: ApprovingRole;
  user_ids?: string[];
}

export interface ApprovalStepInput {
  name: string;
  approvals_required: number;
  approvers: ApproverSet;
  sla: string;
  escalate_to?: ApproverSet | null;
  deadline?: string | null;
  condition?: string | null;
}

/** A step as stored: the durations as given and in seconds, for the workflow's timers. */
export interface ApprovalStep {
  name: string;
  approvals_required: number;
  approvers: ApproverSet;
  sla: string;
  sla_seconds: number;
  escalate_to: ApproverSet | null;
  deadline: string | null;
  deadline_seconds: number | null;
  condition: string | null;
}

export interface ApprovalPolicyFlags {
  /** Whether the author of a scenario a decision links may approve it. The other separation-of-duties rules always hold. */
  scenario_author_cannot_approve: boolean;
}

export const DEFAULT_FLAGS: ApprovalPolicyFlags = { scenario_author_cannot_approve: false };

export type DurationParse = { ok: true; seconds: number } | { ok: false; message: string };

const SECONDS_PER = { W: 7 * 86_400, D: 86_400, H: 3_600, M: 60, S: 1 } as const;
const FIXED_DURATION = /^P(?:(\d{1,9})W)?(?:(\d{1,9})D)?(?:T(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9})S)?)?$/;
const CALENDAR_DURATION = /^P(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T.*)?$/;

/**
 * An ISO 8601 duration made of weeks, days, hours, minutes and seconds (`PT4H`, `P2D`, `P1DT12H`, `PT2S`), whole
 * numbers only. Years and months are refused: they have no fixed length, and a timer needs one.
 */
export function parseIsoDuration(text: string): DurationParse {
  const match = FIXED_DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) {
    if (/[YM]/.test(text.split('T')[0] ?? '') && CALENDAR_DURATION.test(text)) {
      return {
        ok: false,
        message:
          'uses years or months, which have no fixed length: use weeks, days, hours, minutes or seconds (e.g. P30D)',
      };
    }
    return {
      ok: false,
      message: 'is not an ISO 8601 duration such as PT4H, P2D or P1DT12H (whole weeks, days, hours, minutes, seconds)',
    };
  }
  const [, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * SECONDS_PER.W +
    Number(days ?? 0) * SECONDS_PER.D +
    Number(hours ?? 0) * SECONDS_PER.H +
    Number(minutes ?? 0) * SECONDS_PER.M +
    Number(seconds ?? 0) * SECONDS_PER.S;
  if (total < MIN_DURATION_SECONDS || total > MAX_DURATION_SECONDS) {
    return { ok: false, message: `must be between 1 second (PT1S) and 90 days (P90D); ${text} is ${total} seconds` };
  }
  return { ok: true, seconds: total };
}

/**
 * Whether a step condition is an expression zen-engine (the JDM models' language) can run, e.g.
 * `total_cost > 1000000`. It is evaluated against an empty context: that lexes, parses and compiles it, while errors
 * past that point (comparing a missing metric) depend on the scenario's metrics and are not faults of the text.
 * Returns what is wrong, or undefined.
 */
export async function conditionProblem(text: string): Promise<string | undefined> {
  if (text.trim() === '') return 'must not be blank';
  if (text.length > MAX_CONDITION_LENGTH) return `must be at most ${MAX_CONDITION_LENGTH} characters`;
  const construct = nonReproducibleConstruct(text);
  if (construct !== undefined) return `${construct}, so whether the step runs would not be reproducible`;
  try {
    await evaluateExpression(text, {});
    return undefined;
  } catch (error) {
    const detail = engineErrorDetail(error);
    if (detail.type !== undefined && TEXT_ERROR_TYPES.has(detail.type))
      return `does not parse as a zen-engine expression: ${describeEngineSource(detail.source)}`;
    return undefined;
  }
}

function checkApproverSet(set: ApproverSet, path: string, errors: FieldError[]) {
  const hasRole = set.role !== undefined;
  const hasUsers = set.user_ids !== undefined;
  if (hasRole === hasUsers) errors.push({ path, message: 'must name either a role or user_ids, not both or neither' });
  if (hasUsers && (set.user_ids as string[]).length === 0)
    errors.push({ path: `${path}/user_ids`, message: 'must name at least one user' });
}

/**
 * Checks a version's steps and returns them in their stored form. `mark` is told each condition's pointer before it
 * is evaluated (see expression-sandbox). Every problem is reported, each at its JSON Pointer
 * (`/steps/2/condition`), so a client fixes a policy in one round trip.
 */
export async function prepareSteps(
  input: ApprovalStepInput[],
  mark?: (path: string) => void,
): Promise<{ steps: ApprovalStep[]; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  if (input.length < MIN_STEPS || input.length > MAX_STEPS)
    errors.push({ path: '/steps', message: `must have ${MIN_STEPS} to ${MAX_STEPS} steps` });
  const seenNames = new Map<string, number>();
  const steps: ApprovalStep[] = [];
  for (const [index, step] of input.entries()) {
    const at = (field: string) => `/steps/${index}/${field}`;
    const earlier = seenNames.get(step.name.toLowerCase());
    if (earlier !== undefined) errors.push({ path: at('name'), message: `repeats the name of step ${earlier}` });
    seenNames.set(step.name.toLowerCase(), index);

    checkApproverSet(step.approvers, at('approvers'), errors);
    const named = step.approvers.user_ids?.length;
    if (named !== undefined && named > 0 && step.approvals_required > named) {
      errors.push({
        path: at('approvals_required'),
        message: `is ${step.approvals_required}, but the step names only ${named} approver(s)`,
      });
    }
    if (step.escalate_to) checkApproverSet(step.escalate_to, at('escalate_to'), errors);

    const sla = parseIsoDuration(step.sla);
    if (!sla.ok) errors.push({ path: at('sla'), message: sla.message });
    const deadline = step.deadline ? parseIsoDuration(step.deadline) : undefined;
    if (deadline && !deadline.ok) errors.push({ path: at('deadline'), message: deadline.message });
    if (sla.ok && deadline?.ok && deadline.seconds <= sla.seconds) {
      errors.push({
        path: at('deadline'),
        message: `must be longer than the SLA (${step.sla}): the SLA escalates, the deadline then expires the decision`,
      });
    }

    const condition = step.condition ?? null;
    if (condition !== null) mark?.(at('condition'));
    const problem = condition === null ? undefined : await conditionProblem(condition);
    if (problem) errors.push({ path: at('condition'), message: problem });

    steps.push({
      name: step.name,
      approvals_required: step.approvals_required,
      approvers: step.approvers,
      sla: step.sla,
      sla_seconds: sla.ok ? sla.seconds : 0,
      escalate_to: step.escalate_to ?? null,
      deadline: step.deadline ?? null,
      deadline_seconds: deadline?.ok ? deadline.seconds : null,
      condition,
    });
  }
  return { steps, errors };
}

/** Every user a version names, with where: the service checks each is a member of the tenant. */
export function namedUsers(steps: ApprovalStepInput[]): Array<{ path: string; id: string }> {
  return steps.flatMap((step, index) => [
    ...(step.approvers.user_ids ?? []).map((id, k) => ({ path: `/steps/${index}/approvers/user_ids/${k}`, id })),
    ...(step.escalate_to?.user_ids ?? []).map((id, k) => ({ path: `/steps/${index}/escalate_to/user_ids/${k}`, id })),
  ]);
}

/**
 * Which of a version's steps apply to a decision: a step without a condition always does; a condition is evaluated
 * with zen-engine against the metrics of the chosen option's frozen scenario run (`total_cost > 1000000`). A step
 * whose condition cannot be evaluated (no scenario linked to the chosen option, a metric it names missing, a result
 * that is not a boolean, one that runs past the expression budget) applies: when in doubt, more review, never less.
 * `evaluate` is the expression sandbox's in the API (off the event loop, with a budget).
 */
export async function stepsThatApply(
  steps: Array<Pick<ApprovalStep, 'condition'>>,
  metrics: Record<string, unknown> | null,
  evaluate: (condition: string, metrics: Record<string, unknown>) => Promise<unknown> = evaluateExpression,
): Promise<boolean[]> {
  return Promise.all(
    steps.map(async (step) => {
      if (step.condition === null) return true;
      if (metrics === null) return true;
      try {
        const result: unknown = await evaluate(step.condition, metrics);
        return typeof result === 'boolean' ? result : true;
      } catch {
        return true;
      }
    }),
  );
}
