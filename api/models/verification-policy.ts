// The release gate's verification policy: which findings of a version's decision-table analysis refuse its
// submission, which travel with its review as warnings, and which are ignored. A model's own policy (PATCH
// /models/{id}, `verification`) overrides the tenant's default (PATCH /model-settings), which overrides the service's.
import { pointerTo, type FieldError } from '../../core/app-error';
import type { TableAnalysis, VersionAnalysis } from '../../decision/verification';

export const VERIFICATION_FINDINGS = [
  'overlaps_unique',
  'gaps',
  'masked',
  'subsumed',
  'domain_violations',
  'not_analysed',
] as const;
export type VerificationFinding = (typeof VERIFICATION_FINDINGS)[number];
export const VERIFICATION_ACTIONS = ['block', 'warn', 'off'] as const;
export type VerificationAction = (typeof VERIFICATION_ACTIONS)[number];
export type VerificationPolicy = Record<VerificationFinding, VerificationAction>;
/** What is stored (a model's or a tenant's): only the findings it sets; the rest fall through. */
export type PartialVerificationPolicy = Partial<VerificationPolicy>;

/**
 * The service's default. Blocked: what makes a table answer wrongly for some input (two rules answering under a
 * hit policy that promises one answer; a condition or output outside the column's declared domain). Warned: what a
 * reviewer should look at but may be deliberate (a gap a caller never sends, a rule hidden behind earlier ones, a
 * redundant rule, cells the analysis could not read).
 */
export const DEFAULT_VERIFICATION_POLICY: VerificationPolicy = {
  overlaps_unique: 'block',
  gaps: 'warn',
  masked: 'warn',
  subsumed: 'warn',
  domain_violations: 'block',
  not_analysed: 'warn',
};

/** The policy that applies: the model's settings over the tenant's over the service's default. */
export function effectivePolicy(
  tenant: PartialVerificationPolicy | null | undefined,
  model: PartialVerificationPolicy | null | undefined,
): VerificationPolicy {
  return { ...DEFAULT_VERIFICATION_POLICY, ...(tenant ?? {}), ...(model ?? {}) };
}

/** One finding of the analysis, named for a reviewer, with the JSON Pointer into the analysis document. */
export interface VerificationNote {
  finding: VerificationFinding;
  table: string;
  node: string;
  path: string;
  message: string;
}

/** Past this many notes per kind of action the rest are counted, not listed (a 1,000-rule table can have thousands). */
const NOTES_LISTED = 50;

const quoted = (table: TableAnalysis) => `table "${table.name}" (${table.node})`;

function notesOf(table: TableAnalysis, index: number): VerificationNote[] {
  const at = (kind: string, position: number) => pointerTo(pointerTo(`/tables/${index}`, kind), position);
  const note = (finding: VerificationFinding, path: string, message: string): VerificationNote => ({
    finding,
    table: table.name,
    node: table.node,
    path,
    message: `${quoted(table)}: ${message}`,
  });
  return [
    // Overlaps rated info (First, Priority, Collect, Rule order) are what those hit policies are for.
    ...table.overlaps.flatMap((overlap, position) =>
      overlap.severity === 'info'
        ? []
        : [
            note(
              'overlaps_unique',
              at('overlaps', position),
              `${/^rules? /.test(overlap.text) ? overlap.text : `rules ${overlap.rules.join(', ')}: ${overlap.text}`} (overlapping under hit policy ${table.hit_policy})`,
            ),
          ],
    ),
    ...table.gaps.map((gap, position) => note('gaps', at('gaps', position), `no rule matches where ${gap.text}`)),
    ...table.masked.map((masked, position) =>
      note(
        'masked',
        at('masked', position),
        `rule ${masked.rule} never fires: ${masked.by.length > 1 ? `rules ${masked.by.join(', ')} cover` : `rule ${masked.by[0]} covers`} all of it first`,
      ),
    ),
    ...table.subsumed.map((subsumed, position) =>
      note(
        'subsumed',
        at('subsumed', position),
        `rule ${subsumed.rule} is redundant: rule ${subsumed.by} covers it with the same outputs`,
      ),
    ),
    ...table.domain_violations.map((violation, position) =>
      note(
        'domain_violations',
        at('domain_violations', position),
        `rule ${violation.rule}, ${violation.side} "${violation.column}": ${violation.message}`,
      ),
    ),
    ...table.not_analysed.map((cell, position) =>
      note(
        'not_analysed',
        at('not_analysed', position),
        `rule ${cell.rule}, column "${cell.column}" (${cell.text}) was not analysed: ${cell.reason}`,
      ),
    ),
    ...(table.complete || table.not_analysed.length > 0
      ? []
      : [note('not_analysed', `/tables/${index}/complete`, 'the analysis stopped at its region limit')]),
  ];
}

/** What the gate decided: the notes it blocks on, those it passes on as warnings, and the policy it applied. */
export interface VerificationVerdict {
  policy: VerificationPolicy;
  summary: VersionAnalysis['summary'];
  complete: boolean;
  blocked: VerificationNote[];
  warnings: VerificationNote[];
  /** How many blocking and warning notes there were in all (the lists stop at 50 each). */
  blocked_total: number;
  warnings_total: number;
}

export function judgeAnalysis(analysis: VersionAnalysis, policy: VerificationPolicy): VerificationVerdict {
  const notes = analysis.tables.flatMap((table, index) => notesOf(table, index));
  const blocked = notes.filter((note) => policy[note.finding] === 'block');
  const warnings = notes.filter((note) => policy[note.finding] === 'warn');
  return {
    policy,
    summary: analysis.summary,
    complete: analysis.complete,
    blocked: blocked.slice(0, NOTES_LISTED),
    warnings: warnings.slice(0, NOTES_LISTED),
    blocked_total: blocked.length,
    warnings_total: warnings.length,
  };
}

/** The verdict when the analysis itself ran past its budget: nothing is known, which the policy treats as not analysed. */
export function unanalysedVerdict(policy: VerificationPolicy, message: string): VerificationVerdict {
  const note: VerificationNote = { finding: 'not_analysed', table: '', node: '', path: '', message };
  const summary = {
    tables: 0,
    errors: 0,
    warnings: 0,
    infos: 0,
    gaps: 0,
    overlaps: 0,
    masked: 0,
    subsumed: 0,
    domain_violations: 0,
    not_analysed: 1,
  };
  const action = policy.not_analysed;
  return {
    policy,
    summary,
    complete: false,
    blocked: action === 'block' ? [note] : [],
    warnings: action === 'warn' ? [note] : [],
    blocked_total: action === 'block' ? 1 : 0,
    warnings_total: action === 'warn' ? 1 : 0,
  };
}

/** The 422 entries of a blocked submission: each at `/verification` + the finding's pointer into the analysis. */
export function blockedErrors(verdict: VerificationVerdict): FieldError[] {
  const errors: FieldError[] = verdict.blocked.map((note) => ({
    path: `/verification${note.path}`,
    message: `${note.message} (blocked by the verification policy: ${note.finding} = block)`,
  }));
  if (verdict.blocked_total > verdict.blocked.length)
    errors.push({
      path: '/verification',
      message: `${verdict.blocked_total - verdict.blocked.length} more blocking finding(s): see GET …/analysis`,
    });
  return errors;
}

/** A one-line summary for the release decision's context, which the reviewer reads. */
export function verdictLine(verdict: VerificationVerdict): string {
  const s = verdict.summary;
  const counts =
    `${s.gaps} gap(s), ${s.overlaps} overlap(s), ${s.masked} masked, ${s.subsumed} subsumed, ` +
    `${s.domain_violations} domain violation(s), ${s.not_analysed} not analysed`;
  return (
    `Decision-table verification: ${s.tables} table(s), ${counts}` +
    `${verdict.complete ? '' : ' (incomplete)'}; ${verdict.warnings_total} warning(s) for the reviewer.`
  );
}

/** A PATCH of a policy (JSON merge patch): each finding named is set, a null removes the override; null alone clears all. */
export function mergePolicy(
  current: PartialVerificationPolicy | null | undefined,
  patch: Partial<Record<VerificationFinding, VerificationAction | null>> | null,
): PartialVerificationPolicy {
  if (patch === null) return {};
  const merged: PartialVerificationPolicy = { ...(current ?? {}) };
  for (const finding of VERIFICATION_FINDINGS) {
    const value = patch[finding];
    if (value === null) delete merged[finding];
    else if (value !== undefined) merged[finding] = value;
  }
  return merged;
}
