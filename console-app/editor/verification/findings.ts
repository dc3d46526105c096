import type { Severity, TableAnalysis } from './verification-calls';

/**
 * A table's findings in words for the panel (pure), as the version page words them (api/console/model-verification.ts):
 * gaps, overlaps with their severity, masked and subsumed rules, domain violations, advice, cells not analysed. Each
 * names the 1-based rules it involves, which the editor marks on the open table.
 */

export interface PanelFinding {
  kind: 'gap' | 'overlap' | 'masked' | 'subsumed' | 'domain_violation' | 'advice' | 'not_analysed';
  title: string;
  severity: Severity | null;
  text: string;
  rules: number[];
  /** For a gap: its index in the table's `gaps`. */
  gap?: number;
}

export function ruleName(table: TableAnalysis, rule: number): string {
  const id = table.rule_ids[rule - 1];
  return id ? `rule ${rule} (${id})` : `rule ${rule}`;
}

function ruleList(table: TableAnalysis, rules: number[]): string {
  const names = rules.map((rule) => ruleName(table, rule));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function findingsOf(table: TableAnalysis): PanelFinding[] {
  return [
    ...table.gaps.map((gap, index) => ({
      kind: 'gap' as const,
      title: 'Gap',
      severity: null,
      text: `${gap.text} → no rule`,
      rules: gap.depends_on_rules ?? [],
      gap: index,
    })),
    ...table.overlaps.map((overlap) => ({
      kind: 'overlap' as const,
      title: 'Overlap',
      severity: overlap.severity,
      // The engine's text starts with the rules ("rules 2, 3: age in [60..65]"): they are named here already.
      text: `${ruleList(table, overlap.rules)} all match when ${overlap.text.replace(/^rules [\d, ]+: /, '')}`,
      rules: overlap.rules,
    })),
    ...table.masked.map((masked) => ({
      kind: 'masked' as const,
      title: 'Masked',
      severity: masked.severity,
      text: `${ruleName(table, masked.rule)} never fires: ${ruleList(table, masked.by)} cover it`,
      rules: [masked.rule, ...masked.by],
    })),
    ...table.subsumed.map((subsumed) => ({
      kind: 'subsumed' as const,
      title: 'Subsumed',
      severity: subsumed.severity,
      text: `${ruleName(table, subsumed.rule)} is contained in ${ruleName(table, subsumed.by)} with the same outputs`,
      rules: [subsumed.rule, subsumed.by],
    })),
    ...table.domain_violations.map((violation) => ({
      kind: 'domain_violation' as const,
      title: 'Domain violation',
      severity: violation.severity,
      text: `${ruleName(table, violation.rule)}, ${violation.side} ${violation.column}: ${violation.message}`,
      rules: [violation.rule],
    })),
    ...table.advice.map((advice) => ({
      kind: 'advice' as const,
      title: 'Advice',
      severity: 'info' as const,
      text: advice.message,
      rules: [],
    })),
    ...table.not_analysed.map((cell) => ({
      kind: 'not_analysed' as const,
      title: 'Not analysed',
      severity: null,
      text: `${ruleName(table, cell.rule)}, ${cell.column}: “${cell.text}” (${cell.reason})`,
      rules: [cell.rule],
    })),
  ];
}

/** "1 gap, 2 overlaps" over a list of findings; "no findings" when empty. */
export function countsText(findings: PanelFinding[]): string {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.title, (counts.get(finding.title) ?? 0) + 1);
  const plural: Record<string, string> = { Gap: 'gaps', Overlap: 'overlaps', Advice: 'advice' };
  return (
    [...counts]
      .map(
        ([title, count]) =>
          `${count} ${count === 1 ? title.toLowerCase() : (plural[title] ?? `× ${title.toLowerCase()}`)}`,
      )
      .join(', ') || 'no findings'
  );
}

/** The id of a finding's item in the panel: what a mark on the table points to (aria-describedby). */
export const findingElementId = (table: number, finding: number) => `editor-verification-${table}-${finding}`;
