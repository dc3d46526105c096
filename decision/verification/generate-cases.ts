/**
 * `generateCases`: a test suite built from the tables' regions. Per rule, one point where it fires: inside its
 * region and outside every rule that takes precedence (First, Priority), or where it matches alone when it can
 * (other hit policies); a rule no such point exists for is unreachable (masked). Then, from each rule's point, the
 * value at and just outside each bound of the rule's cell in every ordered column, so both sides of every bound
 * are tried with the other columns held. See README.md for how close this comes to MC/DC.
 */
import { analysisBudget, prepareTable, type PreparedTable } from './analyse-table';
import { performance } from 'node:perf_hooks';
import { DEFAULT_MAX_MILLIS, tableSpecs } from './analyse-version';
import type { Column } from './column';
import { search, type Box, type Budget, type SearchRule } from './partition';
import { atomsOf, contains, intersect, type RangeSet } from './range-set';
import type { AnalysisInput, AnalysisOptions, GeneratedCase, GeneratedSuite } from './report';

/** A value of the schema's type, for required inputs a table does not read. */
function placeholder(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return null;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number'
        ? s.minimum
        : typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : 0;
    case 'boolean':
      return false;
    case 'string':
      return s.format === 'date' ? '2000-01-01' : s.format === 'date-time' ? '2000-01-01T00:00:00Z' : '';
    case 'array':
      return [];
    case 'object':
      return baseObject(s);
    default:
      return null;
  }
}

function baseObject(schema: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof schema !== 'object' || schema === null) return result;
  const s = schema as Record<string, unknown>;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  for (const name of required) result[name] = placeholder(properties[name]);
  return result;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target;
  path.slice(0, -1).forEach((segment) => {
    const next = current[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[segment] = {};
    current = current[segment] as Record<string, unknown>;
  });
  current[path[path.length - 1] as string] = value;
}

/** The rules (0-based) that fire at a point: the one taking precedence under First/Priority, else all matching. */
export function firingRules(table: PreparedTable, atoms: readonly number[]): number[] {
  const matching = table.analysable.filter((r) =>
    (table.rules[r]?.cells as Box).every(
      (set, c) => intersect(set, [atoms[c] as number, atoms[c] as number]).length > 0,
    ),
  );
  const ordered = table.spec.hitPolicy === 'FIRST' || table.spec.hitPolicy === 'PRIORITY';
  if (!ordered || matching.length === 0) return matching;
  return [matching.reduce((best, r) => (table.precedes(r, best) ? r : best))];
}

function firstAtom(set: RangeSet): number {
  return set[0] as number;
}

interface Point {
  atoms: number[];
  reason: string;
  rule?: number;
}

function rulePoints(
  table: PreparedTable,
  budget: Budget,
): { points: Point[]; unreachable: { rule: number; reason: string }[] } {
  const points: Point[] = [];
  const unreachable: { rule: number; reason: string }[] = [];
  const searchRules: SearchRule[] = table.rules.map((rule) => ({ cells: rule.cells ?? [] }));
  const ordered = table.spec.hitPolicy === 'FIRST' || table.spec.hitPolicy === 'PRIORITY';
  table.rules.forEach((rule, r) => {
    if (!rule.cells) return unreachable.push({ rule: r + 1, reason: 'a cell was not analysed' });
    if (rule.empty) return unreachable.push({ rule: r + 1, reason: 'it matches no value of the domain' });
    const box = rule.cells;
    const others = table.analysable.filter((o) => o !== r && (!ordered || table.precedes(o, r)));
    const found = search(box, searchRules, others, {
      wantGaps: true,
      wantOverlaps: false,
      stopAtFirstGap: true,
      budget,
    });
    const gap = found.gaps[0];
    if (!gap && found.truncated) {
      points.push({
        atoms: box.map(firstAtom),
        reason: `rule ${r + 1}: a point inside it (the search was cut short)`,
        rule: r + 1,
      });
    } else if (gap) {
      const why = ordered ? 'a point no rule before it matches' : 'a point only it matches';
      points.push({ atoms: gap.map(firstAtom), reason: `rule ${r + 1}: ${why}`, rule: r + 1 });
    } else if (ordered) {
      unreachable.push({ rule: r + 1, reason: 'masked: rules that take precedence cover all of it' });
    } else {
      points.push({
        atoms: box.map(firstAtom),
        reason: `rule ${r + 1}: a point inside it (other rules match too)`,
        rule: r + 1,
      });
    }
    return undefined;
  });
  return { points, unreachable };
}

/** From each rule's point: each bound of its cell in an ordered column, from inside and from just outside. */
function boundaryPoints(table: PreparedTable, base: Point[]): Point[] {
  const points: Point[] = [];
  const atomLists = table.columns.map((column) => atomsOf(column.domain));
  const positions = atomLists.map((atoms) => new Map(atoms.map((atom, index) => [atom, index])));
  for (const point of base) {
    if (point.rule === undefined) continue;
    const rule = table.rules[point.rule - 1];
    table.columns.forEach((column: Column, c) => {
      if (!column.ordered || !rule?.cells) return;
      const cell = rule.cells[c] as RangeSet;
      // A cell that is the whole domain has no bound of its own to try.
      if (contains(cell, column.domain)) return;
      const domainAtoms = atomLists[c] as number[];
      const position = (atom: number) => positions[c]?.get(atom) ?? -2;
      const text = table.spec.inputs[c]?.texts[point.rule! - 1]?.trim() || 'any';
      // A point atom is the bound itself; an open piece is the values next to it (one of them is taken).
      const inside = (atom: number, end: string) =>
        atom % 2 === 1 ? `at the ${end} bound of ${text}` : `inside ${text}, next to its ${end} bound`;
      for (let i = 0; i < cell.length; i += 2) {
        const [from, to] = [cell[i] as number, cell[i + 1] as number];
        const candidates: [number | undefined, string][] = [
          [from, inside(from, 'lower')],
          [domainAtoms[position(from) - 1], `just below ${text}`],
          [to, inside(to, 'upper')],
          [domainAtoms[position(to) + 1], `just above ${text}`],
        ];
        for (const [atom, where] of candidates) {
          if (atom === undefined || atom === point.atoms[c]) continue;
          const atoms = [...point.atoms];
          atoms[c] = atom;
          points.push({ atoms, reason: `rule ${point.rule}, ${column.label} ${where}` });
        }
      }
    });
  }
  return points;
}

export function generateCases(input: AnalysisInput, options: AnalysisOptions = {}): GeneratedSuite {
  const deadline = performance.now() + (options.maxMillis ?? DEFAULT_MAX_MILLIS);
  const cases: GeneratedCase[] = [];
  const unreachable: { table: string; rule: number; reason: string }[] = [];
  const skipped: { table: string; reason: string }[] = [];
  const fired = new Set<string>();
  let totalRules = 0;
  const base = input.format === 'jdm' ? baseObject(input.input_schema) : {};
  for (const spec of tableSpecs(input)) {
    totalRules += spec.ruleIds.length;
    const blocked = spec.inputs.find((column) => !column.inputPath);
    if (blocked) {
      skipped.push({
        table: spec.name,
        reason: `column ${blocked.label}: ${blocked.notAnInput ?? 'not a model input'}`,
      });
      continue;
    }
    const table = prepareTable(spec);
    const { points, unreachable: none } = rulePoints(table, analysisBudget(options.maxRegions, deadline));
    none.forEach((entry) => unreachable.push({ table: spec.name, ...entry }));
    const seen = new Set<string>();
    for (const point of [...points, ...boundaryPoints(table, points)]) {
      const pointKey = point.atoms.join(',');
      if (seen.has(pointKey)) continue;
      seen.add(pointKey);
      const inputs = structuredClone(base);
      const strings = new Set(
        table.columns.flatMap((column) => column.values.flatMap((v) => (v.type === 'string' ? [v.value] : []))),
      );
      table.columns.forEach((column, c) =>
        setPath(inputs, spec.inputs[c]?.inputPath ?? [], column.sample(point.atoms[c] as number, strings)),
      );
      const firing = firingRules(table, point.atoms);
      firing.forEach((r) => fired.add(`${spec.node}\u0000${spec.name}\u0000${r}`));
      const outcome =
        firing.length === 0
          ? 'matches no rule'
          : `fires rule${firing.length > 1 ? 's' : ''} ${firing.map((r) => r + 1).join(', ')}`;
      const generated: GeneratedCase = { inputs, reason: `${point.reason}; ${outcome}`, table: spec.name };
      const target = point.rule ?? (firing.length > 0 ? (firing[0] as number) + 1 : undefined);
      if (target !== undefined) generated.rule = target;
      cases.push(generated);
    }
  }
  return { cases, coverage: { rules: totalRules, covered: fired.size }, unreachable, skipped_tables: skipped };
}
