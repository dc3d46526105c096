/** `analyseVersion`: every decision table of a model version (JDM graph or DMN XML), analysed; see README.md. */
import { performance } from 'node:perf_hooks';
import { analyseTable, DEFAULT_MAX_REGIONS } from './analyse-table';
import { dmnTables } from './dmn-tables';
import { jdmTables } from './jdm-tables';
import type { AnalysisInput, AnalysisOptions, Severity, TableAnalysis, VersionAnalysis } from './report';
import type { TableSpec } from './table-spec';

/** The searches of one version stop after this long (the rest of the analysis is linear or quadratic in rules). */
export const DEFAULT_MAX_MILLIS = 1500;

export function tableSpecs(input: AnalysisInput): TableSpec[] {
  return input.format === 'jdm'
    ? jdmTables(input.content, input.input_schema, input.output_schema)
    : dmnTables(typeof input.content === 'string' ? input.content : '');
}

function summarise(tables: TableAnalysis[]): VersionAnalysis['summary'] {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const count = (severity: Severity) => (counts[severity] += 1);
  for (const table of tables) {
    table.overlaps.forEach((o) => count(o.severity));
    table.subsumed.forEach((s) => count(s.severity));
    table.masked.forEach((m) => count(m.severity));
    table.domain_violations.forEach((d) => count(d.severity));
    // A gap is a warning: an input there gets no result (or the default output, when there is one).
    table.gaps.forEach(() => count('warning'));
  }
  const sum = (pick: (table: TableAnalysis) => number) => tables.reduce((total, table) => total + pick(table), 0);
  return {
    tables: tables.length,
    errors: counts.error,
    warnings: counts.warning,
    infos: counts.info,
    gaps: sum((t) => t.gaps.length),
    overlaps: sum((t) => t.overlaps.length),
    masked: sum((t) => t.masked.length),
    subsumed: sum((t) => t.subsumed.length),
    domain_violations: sum((t) => t.domain_violations.length),
    not_analysed: sum((t) => t.not_analysed.length),
  };
}

export function analyseVersion(input: AnalysisInput, options: AnalysisOptions = {}): VersionAnalysis {
  const maxRegions = options.maxRegions ?? DEFAULT_MAX_REGIONS;
  const deadline = performance.now() + (options.maxMillis ?? DEFAULT_MAX_MILLIS);
  const tables = tableSpecs(input).map((spec) => analyseTable(spec, maxRegions, deadline).analysis);
  return { tables, complete: tables.every((table) => table.complete), summary: summarise(tables) };
}
