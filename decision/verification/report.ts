/**
 * The shapes a decision-table verification answers with: per table, the input combinations no rule covers (gaps),
 * the rules that match together (overlaps), redundant and unreachable rules, contraction candidates, values outside
 * a column's domain, advice on the hit policy, and the cells the analysis could not interpret.
 *
 * The functions live beside these types: `analyseVersion` in ./analyse-version.ts and `generateCases` in
 * ./generate-cases.ts, both re-exported by ./index.ts.
 */

/** One end of an interval; `null` is unbounded. `value` is a decimal (numbers) or ISO 8601 text (temporal types). */
export type Bound = { value: string; inclusive: boolean } | null;

/** The set of values one input column takes in a region. */
export type ColumnRegion =
  | { kind: 'any' }
  | {
      kind: 'intervals';
      type: 'number' | 'date' | 'date-time' | 'time' | 'duration';
      intervals: readonly { from: Bound; to: Bound }[];
    }
  | { kind: 'values'; values: readonly (string | number | boolean | null)[]; negated: boolean }
  | { kind: 'not_analysed'; text: string; reason: string };

/** A box in input space, keyed by the input's label (its field or expression). A missing key is `any`. */
export type Region = Record<string, ColumnRegion>;

export type Severity = 'error' | 'warning' | 'info';

export interface TableAnalysis {
  /** Present when the search stopped at its budget (`maxRegions`): what was cut. */
  truncated?: string;
  node: string;
  name: string;
  /** The JSON Pointer an upload's 422 errors[].path uses for this table. */
  path: string;
  hit_policy: string;
  rules: number;
  rule_ids: (string | null)[];
  inputs: { label: string; domain: ColumnRegion }[];
  /** text: "age in [18..21), income < 0" */
  /** depends_on_rules: rules with a cell not analysed that may cover part of the gap. */
  gaps: { region: Region; text: string; depends_on_rules?: number[] }[];
  /** Rule numbers are 1-based, in table order. */
  overlaps: { rules: number[]; region: Region; severity: Severity; text: string }[];
  subsumed: { rule: number; by: number; severity: Severity }[];
  masked: { rule: number; by: number[]; severity: Severity }[];
  contractions: { rules: [number, number]; region: Region }[];
  domain_violations: { rule: number; column: string; side: 'input' | 'output'; message: string; severity: Severity }[];
  advice: { code: string; message: string }[];
  not_analysed: { rule: number; column: string; text: string; reason: string }[];
  /** false when anything was not analysed, or the region budget (`maxRegions`) cut the gap search short. */
  complete: boolean;
}

export interface VersionAnalysis {
  tables: TableAnalysis[];
  complete: boolean;
  summary: {
    tables: number;
    errors: number;
    warnings: number;
    infos: number;
    gaps: number;
    overlaps: number;
    masked: number;
    subsumed: number;
    domain_violations: number;
    not_analysed: number;
  };
}

export interface AnalysisInput {
  format: 'jdm' | 'dmn';
  /** A JDM graph object, or DMN XML text. */
  content: unknown;
  input_schema?: unknown;
  output_schema?: unknown;
}

export interface AnalysisOptions {
  /** The most boxes the gap and overlap searches may produce per table before stopping (and reporting incomplete). */
  maxRegions?: number;
  /** How long the searches of one version may take, in milliseconds (default 1,500); past it they stop, incomplete. */
  maxMillis?: number;
}

export interface GeneratedCase {
  /** A full input object for the model. */
  inputs: Record<string, unknown>;
  reason: string;
  table: string;
  rule?: number;
}

export interface GeneratedSuite {
  cases: GeneratedCase[];
  /** rules: every table's rules; covered: those some case fires (as the analysis evaluates the table). */
  coverage: { rules: number; covered: number };
  /** Rules no input fires: masked, matching nothing in the domain, or not analysed. */
  unreachable: { table: string; rule: number; reason: string }[];
  /** Tables whose inputs are not all model inputs (they read other nodes' outputs, or expressions). */
  skipped_tables: { table: string; reason: string }[];
}
