/**
 * The findings for one table: gaps, overlaps, masked and subsumed rules, contraction candidates, domain violations,
 * advice and what was not analysed. See README.md for the algorithm and its limits.
 */
import type { ColumnRegion, Region, Severity, TableAnalysis } from './report';
import { literalText, type Literal } from './cell-tests';
import { Column, inferType, valueKey } from './column';
import {
  boxContains,
  boxIntersects,
  mergeBoxes,
  newBudget,
  search,
  type Box,
  type Budget,
  type SearchRule,
} from './partition';
import { atomsOf, complement, contains, equal, full, intersect, key, union, type RangeSet } from './range-set';
import type { TableSpec } from './table-spec';

export const DEFAULT_MAX_REGIONS = 10_000;

/** What one table's searches may spend: twenty boxes visited per region they may report, and a deadline. */
export function analysisBudget(maxRegions = DEFAULT_MAX_REGIONS, deadline?: number): Budget {
  return newBudget(maxRegions * 20, deadline);
}

export interface PreparedRule {
  /** 1-based rule number. */
  number: number;
  /** Cells within the domain, or null when a cell was not analysed. */
  cells: RangeSet[] | null;
  /** Cells as written (not cut to the domain); null entries were not analysed. */
  raw: (RangeSet | null)[];
  outputKey: string;
  /** Matches nothing within the domain. */
  empty: boolean;
}

export interface PreparedTable {
  spec: TableSpec;
  columns: Column[];
  rules: PreparedRule[];
  domain: Box;
  /** Rule indexes (0-based) fully analysed and not empty. */
  analysable: number[];
  /** Rule indexes (0-based) whose firing takes precedence over rule i's (earlier under First; higher priority). */
  precedes: (i: number, j: number) => boolean;
}

function priorityRank(spec: TableSpec, rule: number): number[] {
  return spec.outputs.map((output) => {
    const literal = output.literals[rule];
    if (!output.priorities || !literal) return Number.MAX_SAFE_INTEGER;
    const index = output.priorities.findIndex((p) => valueKey(p) === valueKey(literal));
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  });
}

export function prepareTable(spec: TableSpec): PreparedTable {
  const columns = spec.inputs.map(
    (input) => new Column(input.label, input.type ?? inferType(input.cells), input.cells, input.domain),
  );
  const domain = columns.map((column) => column.domain);
  // The same cell text is the same set: each distinct text is converted once per column.
  const setCaches = columns.map(() => new Map<string, RangeSet | null>());
  const rules: PreparedRule[] = spec.ruleIds.map((_, r) => {
    const raw = spec.inputs.map((input, c) => {
      const cache = setCaches[c] as Map<string, RangeSet | null>;
      const text = input.texts[r] ?? '';
      if (cache.has(text)) return cache.get(text) as RangeSet | null;
      const set = (columns[c] as Column).setOf(input.cells[r] ?? { kind: 'any' });
      cache.set(text, set.ok ? set.set : null);
      return set.ok ? set.set : null;
    });
    const complete = raw.every((set) => set !== null);
    const cells = complete ? raw.map((set, c) => intersect(set as RangeSet, domain[c] as RangeSet)) : null;
    return {
      number: r + 1,
      cells,
      raw,
      outputKey: spec.outputs.map((output) => (output.texts[r] ?? '').trim()).join('\u0000'),
      empty: cells !== null && cells.some((set) => set.length === 0),
    };
  });
  const analysable = rules.flatMap((rule, index) => (rule.cells && !rule.empty ? [index] : []));
  const ranks = spec.hitPolicy === 'PRIORITY' ? spec.ruleIds.map((_, r) => priorityRank(spec, r)) : [];
  const precedes = (i: number, j: number): boolean => {
    if (spec.hitPolicy === 'FIRST') return i < j;
    if (spec.hitPolicy !== 'PRIORITY') return false;
    const [a, b] = [ranks[i] as number[], ranks[j] as number[]];
    for (let o = 0; o < a.length; o++) if (a[o] !== b[o]) return (a[o] as number) < (b[o] as number);
    return i < j;
  };
  return { spec, columns, rules, domain, analysable, precedes };
}

function boundText(region: ColumnRegion): string {
  switch (region.kind) {
    case 'any':
      return 'any';
    case 'not_analysed':
      return `(not analysed: ${region.text})`;
    case 'values': {
      const list = region.values.map((value) => JSON.stringify(value)).join(', ');
      if (region.negated) return region.values.length === 0 ? 'any' : `not in {${list}}`;
      return region.values.length === 1 ? `= ${list}` : `in {${list}}`;
    }
    case 'intervals':
      return region.intervals
        .map(({ from, to }) => {
          if (from && to && from.value === to.value && from.inclusive && to.inclusive) return `= ${from.value}`;
          if (!from && !to) return 'any';
          if (!from && to) return `${to.inclusive ? '<=' : '<'} ${to.value}`;
          if (from && !to) return `${from.inclusive ? '>=' : '>'} ${from.value}`;
          const f = from as { value: string; inclusive: boolean };
          const t = to as { value: string; inclusive: boolean };
          return `in ${f.inclusive ? '[' : '('}${f.value}..${t.value}${t.inclusive ? ']' : ')'}`;
        })
        .join(' or ');
  }
}

export function regionOf(table: PreparedTable, box: Box): Region {
  const region: Region = {};
  table.columns.forEach((column, c) => (region[column.label] = column.region(box[c] as RangeSet)));
  return region;
}

export function regionText(region: Region): string {
  const parts = Object.entries(region)
    .filter(([, columnRegion]) => columnRegion.kind !== 'any')
    .map(([label, columnRegion]) => {
      const text = boundText(columnRegion);
      return text.includes(' or ') ? `${label} (${text})` : `${label} ${text}`;
    });
  return parts.length === 0 ? 'every input' : parts.join(', ');
}

function overlapSeverity(table: PreparedTable, rules: number[]): Severity {
  const policy = table.spec.hitPolicy;
  if (policy === 'UNIQUE') return 'error';
  if (policy === 'ANY') {
    const outputs = new Set(rules.map((r) => table.rules[r]?.outputKey));
    return outputs.size > 1 ? 'warning' : 'info';
  }
  return 'info';
}

function boxOf(table: PreparedTable, rule: number): Box {
  return (table.rules[rule] as PreparedRule).cells as Box;
}

function findMasked(table: PreparedTable, budget: Budget, state: { truncated: boolean }): TableAnalysis['masked'] {
  const masked: TableAnalysis['masked'] = [];
  const searchRules: SearchRule[] = table.rules.map((rule) => ({ cells: rule.cells ?? [] }));
  for (const r of table.analysable) {
    const box = boxOf(table, r);
    const higher = table.analysable.filter(
      (h) => h !== r && table.precedes(h, r) && boxIntersects(boxOf(table, h), box),
    );
    if (higher.length === 0) continue;
    const result = search(box, searchRules, higher, {
      wantGaps: true,
      wantOverlaps: false,
      stopAtFirstGap: true,
      budget,
    });
    if (result.truncated) state.truncated = true;
    else if (result.gaps.length === 0)
      masked.push({ rule: r + 1, by: higher.map((h) => h + 1).sort((a, b) => a - b), severity: 'warning' });
  }
  return masked;
}

function findSubsumed(table: PreparedTable): TableAnalysis['subsumed'] {
  const subsumed: TableAnalysis['subsumed'] = [];
  const ordered = table.spec.hitPolicy === 'FIRST' || table.spec.hitPolicy === 'PRIORITY';
  const byOutput = new Map<string, number[]>();
  for (const r of table.analysable) {
    const group = byOutput.get((table.rules[r] as PreparedRule).outputKey) ?? [];
    group.push(r);
    byOutput.set((table.rules[r] as PreparedRule).outputKey, group);
  }
  for (const group of byOutput.values()) {
    for (const r of group) {
      const box = boxOf(table, r);
      const by = group.find((s) => {
        if (s === r || (ordered && !table.precedes(s, r))) return false;
        const other = boxOf(table, s);
        if (!boxContains(other, box)) return false;
        return !boxContains(box, other) || s < r;
      });
      if (by !== undefined) subsumed.push({ rule: r + 1, by: by + 1, severity: 'warning' });
    }
  }
  return subsumed.sort((a, b) => a.rule - b.rule);
}

function contiguous(column: Column, set: RangeSet): boolean {
  if (!column.ordered) return true;
  const filled = union(set, complement(column.domain, column.size));
  const first = set[0] as number;
  const last = set[set.length - 1] as number;
  return intersect(filled, [first, last]).length === 2;
}

function findContractions(table: PreparedTable, limit: number): TableAnalysis['contractions'] {
  const contractions: TableAnalysis['contractions'] = [];
  table.columns.forEach((column, c) => {
    const groups = new Map<string, number[]>();
    for (const r of table.analysable) {
      const rule = table.rules[r] as PreparedRule;
      const rest = (rule.cells as Box).map((set, index) => (index === c ? '' : key(set))).join('|');
      const groupKey = `${rule.outputKey}\u0001${rest}`;
      const group = groups.get(groupKey) ?? [];
      group.push(r);
      groups.set(groupKey, group);
    }
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i++)
        for (let j = i + 1; j < group.length && contractions.length < limit; j++) {
          const [a, b] = [group[i] as number, group[j] as number];
          const [left, right] = [boxOf(table, a)[c] as RangeSet, boxOf(table, b)[c] as RangeSet];
          // One inside the other is a subsumed rule, not a contraction.
          if (contains(left, right) || contains(right, left)) continue;
          const merged = union(left, right);
          if (!contiguous(column, merged)) continue;
          const box = [...boxOf(table, a)];
          box[c] = merged;
          contractions.push({ rules: [a + 1, b + 1], region: regionOf(table, box) });
        }
    }
  });
  return contractions;
}

function describeDomain(column: Column): string {
  const region = column.domainRegion();
  return region.kind === 'any' ? 'any value' : regionText({ [column.label]: region }).slice(column.label.length + 1);
}

function inputViolations(table: PreparedTable): TableAnalysis['domain_violations'] {
  const violations: TableAnalysis['domain_violations'] = [];
  table.columns.forEach((column, c) => {
    if (!column.domainIsRestricted) return;
    const outside = complement(column.domain, column.size);
    table.rules.forEach((rule) => {
      const raw = rule.raw[c];
      if (!raw || raw.length === 0) return;
      const text = table.spec.inputs[c]?.texts[rule.number - 1] ?? '';
      if (intersect(raw, column.domain).length === 0) {
        const message = `${JSON.stringify(text)} matches no value of the domain (${describeDomain(column)}): the rule never fires`;
        violations.push({ rule: rule.number, column: column.label, side: 'input', message, severity: 'error' });
        return;
      }
      if (column.ordered || equal(raw, full(column.size))) return;
      const named = atomsOf(intersect(raw, outside)).filter((atom) => atom < column.values.length);
      const isNegated = atomsOf(raw).includes(column.values.length);
      if (named.length > 0 && !isNegated) {
        const list = named.map((atom) => literalText(column.values[atom] as Literal)).join(', ');
        const message = `${list} ${named.length === 1 ? 'is' : 'are'} outside the domain (${describeDomain(column)})`;
        violations.push({ rule: rule.number, column: column.label, side: 'input', message, severity: 'warning' });
      }
    });
  });
  return violations;
}

function outputViolations(table: PreparedTable): TableAnalysis['domain_violations'] {
  const violations: TableAnalysis['domain_violations'] = [];
  for (const output of table.spec.outputs) {
    if (!output.domain || (!output.domain.test && !output.domain.type)) continue;
    const literals = output.literals.filter((literal): literal is Literal => literal !== undefined);
    const type = output.domain.type ?? inferType(literals.map((value) => ({ kind: 'compare', operator: '=', value })));
    const column = new Column(
      output.label,
      type,
      literals.map((value) => ({ kind: 'compare' as const, operator: '=' as const, value })),
      output.domain,
    );
    output.literals.forEach((literal, r) => {
      if (!literal || literal.type === 'null') return;
      const set = column.setOf({ kind: 'compare', operator: '=', value: literal });
      const inside = set.ok && intersect(set.set, column.domain).length > 0;
      if (inside) return;
      const message = `${literalText(literal)} is outside the output's domain (${describeDomain(column)})`;
      violations.push({ rule: r + 1, column: output.label, side: 'output', message, severity: 'error' });
    });
  }
  return violations;
}

function advise(analysis: TableAnalysis, table: PreparedTable): TableAnalysis['advice'] {
  const advice: TableAnalysis['advice'] = [];
  const policy = table.spec.hitPolicy;
  if (policy === 'FIRST' && analysis.overlaps.length === 0 && analysis.complete)
    advice.push({
      code: 'first_without_overlaps',
      message: 'No two rules overlap, so rule order does not matter: the table could be Unique (U).',
    });
  if (policy === 'UNIQUE' && analysis.overlaps.length > 0)
    advice.push({
      code: 'unique_with_overlaps',
      message: `${analysis.overlaps.length} overlap(s) break the Unique hit policy: make the rules disjoint, or use First (F) or Priority (P) if the order is meant.`,
    });
  if (policy === 'ANY' && analysis.overlaps.some((overlap) => overlap.severity === 'warning'))
    advice.push({
      code: 'any_with_conflicting_outputs',
      message: 'Overlapping rules give different outputs, which the Any hit policy does not allow.',
    });
  if (analysis.gaps.length > 0 && !table.spec.hasDefaultOutput)
    advice.push({
      code: 'gaps_without_default',
      message: `${analysis.gaps.length} input region(s) match no rule: add rules for them, or a default (a catch-all last rule under First, or a default output).`,
    });
  if (analysis.masked.length > 0)
    advice.push({
      code: 'masked_rules',
      message: `Rule(s) ${analysis.masked.map((m) => m.rule).join(', ')} never fire: earlier or higher-priority rules cover them. Remove them or move them up.`,
    });
  if (analysis.subsumed.length > 0)
    advice.push({
      code: 'redundant_rules',
      message: `Rule(s) ${analysis.subsumed.map((s) => s.rule).join(', ')} are contained in a rule with the same output and can be removed.`,
    });
  if (analysis.contractions.length > 0)
    advice.push({
      code: 'contractible_rules',
      message: `${analysis.contractions.length} pair(s) of rules differ in one column only, with the same outputs, and could be merged.`,
    });
  if (policy === 'COLLECT' && analysis.overlaps.length === 0 && analysis.complete && table.rules.length > 1)
    advice.push({
      code: 'collect_without_overlaps',
      message: 'No two rules overlap, so at most one rule matches: the table could be Unique (U).',
    });
  if (!analysis.complete)
    advice.push({
      code: 'analysis_incomplete',
      message: 'Some cells were not analysed or the search was cut short: findings may be missing or overstated.',
    });
  return advice;
}

export function analyseTable(
  spec: TableSpec,
  maxRegions = DEFAULT_MAX_REGIONS,
  deadline?: number,
): { analysis: TableAnalysis; table: PreparedTable } {
  const table = prepareTable(spec);
  const budget = analysisBudget(maxRegions, deadline);
  const state = { truncated: false };
  const notAnalysed: TableAnalysis['not_analysed'] = [];
  table.rules.forEach((rule) =>
    rule.raw.forEach((set, c) => {
      if (set !== null) return;
      const cell = spec.inputs[c]?.cells[rule.number - 1];
      const reason =
        cell?.kind === 'unknown'
          ? cell.reason
          : ((cell && table.columns[c]?.setOf(cell)) as { reason?: string })?.reason;
      notAnalysed.push({
        rule: rule.number,
        column: table.columns[c]?.label ?? String(c),
        text: spec.inputs[c]?.texts[rule.number - 1] ?? '',
        reason: reason ?? 'not interpreted',
      });
    }),
  );
  const searchRules: SearchRule[] = table.rules.map((rule) => ({ cells: rule.cells ?? [] }));
  const found = search(table.domain, searchRules, table.analysable, { wantGaps: true, wantOverlaps: true, budget });
  if (found.truncated) state.truncated = true;
  const unknownRules = table.rules.filter((rule) => !rule.cells);
  const gaps = mergeBoxes(found.gaps)
    .slice(0, maxRegions)
    .map((box) => {
      const region = regionOf(table, box);
      const gap: TableAnalysis['gaps'][number] = { region, text: regionText(region) };
      const dependsOn = unknownRules
        .filter((rule) => rule.raw.every((set, c) => set === null || intersect(set, box[c] as RangeSet).length > 0))
        .map((rule) => rule.number);
      if (dependsOn.length > 0) Object.assign(gap, { depends_on_rules: dependsOn });
      return gap;
    });
  const overlaps = found.overlapSets.slice(0, maxRegions).map((members) => {
    const box = table.domain.map((_, c) =>
      members.reduce<RangeSet>((set, m) => intersect(set, boxOf(table, m)[c] as RangeSet), table.domain[c] as RangeSet),
    );
    const region = regionOf(table, box);
    const rules = members.map((m) => m + 1);
    return {
      rules,
      region,
      severity: overlapSeverity(table, members),
      text: `rules ${rules.join(', ')}: ${regionText(region)}`,
    };
  });
  const ordered = spec.hitPolicy === 'FIRST' || spec.hitPolicy === 'PRIORITY';
  const analysis: TableAnalysis = {
    node: spec.node,
    name: spec.name,
    path: spec.path,
    hit_policy: spec.hitPolicyLabel,
    rules: spec.ruleIds.length,
    rule_ids: spec.ruleIds,
    inputs: table.columns.map((column) => ({ label: column.label, domain: column.domainRegion() })),
    gaps,
    overlaps,
    subsumed: findSubsumed(table),
    masked: ordered ? findMasked(table, analysisBudget(maxRegions, deadline), state) : [],
    contractions: findContractions(table, maxRegions),
    domain_violations: [...inputViolations(table), ...outputViolations(table)],
    advice: [],
    not_analysed: notAnalysed,
    complete: notAnalysed.length === 0 && !state.truncated,
  };
  if (state.truncated)
    Object.assign(analysis, {
      truncated: `the search stopped at its budget (maxRegions ${maxRegions}, or the time limit): gaps, overlaps and masked rules may be missing`,
    });
  analysis.advice = advise(analysis, table);
  return { analysis, table };
}
