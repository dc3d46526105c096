import type { Severity, TableAnalysis, VersionAnalysis } from '../../decision/verification';
import { html, type SafeHtml } from './html';

/**
 * A version's decision-table verification as the version page shows it (GET /models/{id}/versions/{version}/analysis,
 * the engine's VersionAnalysis): per table a summary line, the findings in words, and what the version adds or
 * removes against the published version's findings. The rows a finding involves are also marked in the page's own
 * table view (`flaggedRules`), with a word beside the colour.
 */

/** One finding in words, with the key it is matched by against another version's findings. */
interface Finding {
  kind: 'gap' | 'overlap' | 'masked' | 'subsumed' | 'domain_violation' | 'advice' | 'not_analysed' | 'contraction';
  severity: Severity | null;
  text: string;
  key: string;
  /** 1-based rule numbers the finding involves (marked in the table view). */
  rules: number[];
}

/** The analysis as the page shows it: one version's, or why it could not be read. */
export type VersionAnalysisView = { ok: true; analysis: VersionAnalysis } | { ok: false; message: string };

const KIND_WORDS: Record<Finding['kind'], [string, string]> = {
  gap: ['gap', 'gaps'],
  overlap: ['overlap', 'overlaps'],
  masked: ['masked rule', 'masked rules'],
  subsumed: ['subsumed rule', 'subsumed rules'],
  domain_violation: ['domain violation', 'domain violations'],
  advice: ['advice', 'advice'],
  not_analysed: ['cell not analysed', 'cells not analysed'],
  contraction: ['merge candidate', 'merge candidates'],
};
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const counted = (count: number, kind: Finding['kind']) => `${count} ${KIND_WORDS[kind][count === 1 ? 0 : 1]}`;

/** A rule by its id where the model gives it one, else by its position: what the comparison matches rules by. */
const ruleKey = (table: TableAnalysis, rule: number) => table.rule_ids[rule - 1] ?? `#${rule}`;
/** A rule as a reader names it: "rule 3" (and its id where the model has one). */
export function ruleName(table: TableAnalysis, rule: number): string {
  const id = table.rule_ids[rule - 1];
  return id ? `rule ${rule} (${id})` : `rule ${rule}`;
}
const ruleList = (table: TableAnalysis, rules: number[]) => {
  const names = rules.map((r) => ruleName(table, r));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
};

/** Every finding of one table, in words, in the order a reviewer reads them (gaps and overlaps first). */
export function findingsOf(table: TableAnalysis): Finding[] {
  const keyed = (kind: Finding['kind'], ...parts: (string | number)[]) => [kind, table.node, ...parts].join('\u0000');
  const keys = (rules: number[]) => rules.map((r) => ruleKey(table, r)).join(',');
  return [
    ...table.gaps.map((gap) => ({
      kind: 'gap' as const,
      severity: null,
      text: `${gap.text} → no rule${gap.depends_on_rules?.length ? ` (unless ${ruleList(table, gap.depends_on_rules)}, not analysed, covers it)` : ''}`,
      key: keyed('gap', gap.text),
      rules: gap.depends_on_rules ?? [],
    })),
    ...table.overlaps.map((overlap) => ({
      kind: 'overlap' as const,
      severity: overlap.severity,
      // The engine's text starts with the rules ("rules 2, 3: age in [60..65]"): they are named here already.
      text: `${ruleList(table, overlap.rules)} all match when ${overlap.text.replace(/^rules [\d, ]+: /, '')}`,
      key: keyed('overlap', overlap.text.replace(/^rules [\d, ]+: /, ''), keys(overlap.rules)),
      rules: overlap.rules,
    })),
    ...table.masked.map((masked) => ({
      kind: 'masked' as const,
      severity: masked.severity,
      text: `${ruleName(table, masked.rule)} never fires: ${ruleList(table, masked.by)} before it match${masked.by.length === 1 ? 'es' : ''} everything it does`,
      key: keyed('masked', ruleKey(table, masked.rule), keys(masked.by)),
      rules: [masked.rule, ...masked.by],
    })),
    ...table.subsumed.map((subsumed) => ({
      kind: 'subsumed' as const,
      severity: subsumed.severity,
      text: `${ruleName(table, subsumed.rule)} is subsumed by ${ruleName(table, subsumed.by)}: it matches only inputs that rule matches, with the same outputs`,
      key: keyed('subsumed', ruleKey(table, subsumed.rule), ruleKey(table, subsumed.by)),
      rules: [subsumed.rule, subsumed.by],
    })),
    ...table.domain_violations.map((violation) => ({
      kind: 'domain_violation' as const,
      severity: violation.severity,
      text: `${ruleName(table, violation.rule)}, ${violation.side} ${violation.column}: ${violation.message}`,
      key: keyed(
        'domain_violation',
        ruleKey(table, violation.rule),
        violation.side,
        violation.column,
        violation.message,
      ),
      rules: [violation.rule],
    })),
    ...table.contractions.map((contraction) => ({
      kind: 'contraction' as const,
      severity: 'info' as const,
      text: `${ruleList(table, contraction.rules)} could be merged into one rule`,
      key: keyed('contraction', keys(contraction.rules)),
      rules: [...contraction.rules],
    })),
    ...table.advice.map((advice) => ({
      kind: 'advice' as const,
      severity: 'info' as const,
      text: advice.message,
      key: keyed('advice', advice.code),
      rules: [],
    })),
    ...table.not_analysed.map((cell) => ({
      kind: 'not_analysed' as const,
      severity: null,
      text: `${ruleName(table, cell.rule)}, ${cell.column}: “${cell.text}” (${cell.reason})`,
      key: keyed('not_analysed', ruleKey(table, cell.rule), cell.column),
      rules: [cell.rule],
    })),
  ];
}

/** The words a table's findings add up to: "2 gaps, 1 overlap", in the kinds' order; "no findings" when none. */
function countsText(findings: Finding[]): string {
  const counts = new Map<Finding['kind'], number>();
  for (const finding of findings) counts.set(finding.kind, (counts.get(finding.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => counted(count, kind)).join(', ') || 'no findings';
}

/** What a version's findings add and remove against another's, matched by kind, table, region text and rule ids. */
export function findingChanges(current: Finding[], previous: Finding[]): { added: Finding[]; removed: Finding[] } {
  const take = (from: Finding[], against: Finding[]) => {
    const left = new Map<string, number>();
    for (const finding of against) left.set(finding.key, (left.get(finding.key) ?? 0) + 1);
    return from.filter((finding) => {
      const count = left.get(finding.key) ?? 0;
      if (count === 0) return true;
      left.set(finding.key, count - 1);
      return false;
    });
  };
  return { added: take(current, previous), removed: take(previous, current) };
}

/** "adds 1 gap, removes 1 overlap"; "changes no findings" when both are empty. */
export function changesText(changes: { added: Finding[]; removed: Finding[] }): string {
  const words = [
    changes.added.length > 0 ? `adds ${countsText(changes.added)}` : '',
    changes.removed.length > 0 ? `removes ${countsText(changes.removed)}` : '',
  ].filter(Boolean);
  return words.join('; ') || 'adds and removes no findings';
}

const SEVERITY_WORDS: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Note' };
const KIND_TITLES: Record<Finding['kind'], string> = {
  gap: 'Gap',
  overlap: 'Overlap',
  masked: 'Masked',
  subsumed: 'Subsumed',
  domain_violation: 'Domain violation',
  advice: 'Advice',
  not_analysed: 'Not analysed',
  contraction: 'Merge candidate',
};

function findingItem(finding: Finding, change?: 'added' | 'removed'): SafeHtml {
  const severity = finding.severity
    ? html` <span class="badge severity-${finding.severity}">${SEVERITY_WORDS[finding.severity]}</span>`
    : '';
  const mark =
    change === 'added'
      ? html`<span class="diff-mark">+</span> New: `
      : change === 'removed'
        ? html`<span class="diff-mark">−</span> Gone: `
        : '';
  return html`<li class="finding finding-${finding.kind}${change ? ` diff-${change}` : ''}" data-kind="${finding.kind}">${mark}<strong>${KIND_TITLES[finding.kind]}</strong>${severity}: ${finding.text}</li>`;
}

/** The rules of each table a finding involves, with the kinds of finding: what the table view marks. */
export function flaggedRules(view: VersionAnalysisView | null): Map<string, Map<number, string[]>> {
  const flags = new Map<string, Map<number, string[]>>();
  if (!view?.ok) return flags;
  for (const table of view.analysis.tables) {
    const rules = new Map<number, string[]>();
    for (const finding of findingsOf(table)) {
      for (const rule of new Set(finding.rules)) {
        const kinds = rules.get(rule) ?? [];
        const word = KIND_TITLES[finding.kind].toLowerCase();
        if (!kinds.includes(word)) kinds.push(word);
        rules.set(rule, kinds);
      }
    }
    flags.set(table.node, rules);
  }
  return flags;
}

function tableSection(
  table: TableAnalysis,
  index: number,
  previous: TableAnalysis | undefined | null,
  /** Whether the version has other tables: then the table's own adds and removes are said as well as the version's. */
  several: boolean,
): SafeHtml {
  const findings = findingsOf(table);
  const notAnalysed = table.not_analysed.length;
  const completeness = table.complete
    ? 'complete'
    : `incomplete (${notAnalysed === 1 ? '1 cell' : `${notAnalysed} cells`} not analysed${table.truncated ? `; ${table.truncated}` : ''})`;
  const changes = previous === undefined ? null : findingChanges(findings, previous ? findingsOf(previous) : []);
  return html`<section class="verification-table" aria-labelledby="verification-${index}" data-node-id="${table.node}">
  <h3 id="verification-${index}">Verification: ${table.name}</h3>
  <p class="verification-summary">${table.rules} rules, hit policy ${table.hit_policy}: ${countsText(findings)} — ${completeness}.</p>
  ${
    changes && (several || !previous)
      ? html`<p class="verification-changes">Against the published version: this version ${changesText(changes)}${previous ? '' : ' (the published version has no such table)'}.</p>`
      : ''
  }
  ${findings.length > 0 ? html`<ul class="findings">${findings.map((f) => findingItem(f))}</ul>` : html`<p class="empty">No gaps, overlaps or other findings.</p>`}
  ${
    changes && changes.added.length + changes.removed.length > 0
      ? html`<ul class="findings finding-changes" aria-label="Findings added and removed against the published version">${[
          ...changes.added.map((f) => findingItem(f, 'added')),
          ...changes.removed.map((f) => findingItem(f, 'removed')),
        ]}</ul>`
      : ''
  }
</section>`;
}

/**
 * The page's "Verification" section: a summary line over the version, then each decision table's findings and what
 * they add or remove against the published version's (`published` undefined: nothing to compare with).
 */
export function verificationSection(
  view: VersionAnalysisView | null,
  published?: VersionAnalysisView | null,
): SafeHtml {
  if (!view) return html`<p class="empty">Built-in models are not analysed.</p>`;
  if (!view.ok) return html`<p class="notice error">The decision tables could not be analysed: ${view.message}</p>`;
  const { analysis } = view;
  if (analysis.tables.length === 0) return html`<p class="empty">This version has no decision tables to verify.</p>`;
  const against = published?.ok ? published.analysis : undefined;
  const all = analysis.tables.flatMap(findingsOf);
  const notAnalysed = analysis.summary.not_analysed;
  return html`<p class="verification-summary" id="verification-summary">${analysis.summary.tables === 1 ? '1 decision table' : `${analysis.summary.tables} decision tables`}: ${countsText(all)} (${plural(analysis.summary.errors, 'error')}, ${plural(analysis.summary.warnings, 'warning')}) — ${analysis.complete ? 'complete' : `incomplete (${notAnalysed === 1 ? '1 cell' : `${notAnalysed} cells`} not analysed)`}.</p>
${
  against
    ? html`<p class="verification-changes" id="verification-changes">Against the published version: this version ${changesText(findingChanges(all, against.tables.flatMap(findingsOf)))}.</p>`
    : published && !published.ok
      ? html`<p class="muted">The published version could not be analysed (${published.message}), so nothing is compared.</p>`
      : ''
}
${analysis.tables.map((table, index) => tableSection(table, index, against ? (against.tables.find((t) => t.node === table.node) ?? null) : undefined, analysis.tables.length > 1))}`;
}
