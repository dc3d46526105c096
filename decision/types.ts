/**
 * The model engine's contract. Everything under decision/ is pure and deterministic: no I/O, no clocks, no
 * randomness except a seeded generator passed in. Activities call it; unit tests exercise it directly.
 */

/** Spec: model inputs are scalars (strings or numbers). */
export type ScalarValue = string | number;
/** A tenant model's input may be any JSON its schema allows (booleans, arrays, objects); a scenario's are scalars. */
export type InputValue = ScalarValue | boolean | null | InputValue[] | { [key: string]: InputValue };
export type ModelInputs = Record<string, InputValue>;
export type MetricValue = number | string;

/** A JSON Schema (2020-12) object. */
export type JsonSchema = Record<string, unknown>;

export type MetricDirection = 'higher_is_better' | 'lower_is_better';

export interface Note {
  /** `assumption`: a modelling assumption; `default_applied`: an input was omitted and its default used;
   *  `warning`: an input outside the model's validated range, an extrapolation, or a degenerate case. */
  kind: 'assumption' | 'default_applied' | 'warning' | 'info';
  message: string;
  /** The input the note is about, when there is one. */
  input?: string;
}

export interface DecisionStructure {
  /** What was decided among: e.g. hire / contract / outsource; the options' names with their key figures. */
  alternatives: Array<{ id: string; label: string; values: Record<string, MetricValue>; chosen?: boolean }>;
  /** What the alternatives were judged on, with weight and direction where it applies. */
  criteria: Array<{ id: string; label: string; weight?: number; direction?: MetricDirection; unit?: string }>;
  /** How the outputs were reached: each step names its formula and its result, in evaluation order. */
  derivation: Array<{
    step: string;
    formula: string;
    value: MetricValue | MetricValue[] | Record<string, MetricValue>;
  }>;
  /** The chosen alternative's id and why, when the model recommends one. */
  recommendation?: { alternative: string; rationale: string };
  /** Model-specific extra detail (e.g. a per-quarter table, or a JDM engine trace). */
  details?: Record<string, unknown>;
}

export interface ModelResult {
  metrics: Record<string, MetricValue>;
  decision_structure: DecisionStructure;
  notes: Note[];
  /** Tenant models: per decision table and switch evaluated, what matched (what a decision instance records). */
  hits?: EvaluationHit[];
}

/**
 * Per decision table or switch of an evaluation: the rules that matched (the rule's id, or `#index` for a rule without
 * one) or the branches taken — what a decision instance records and rule-hit analytics count.
 */
export interface EvaluationHit {
  node_id: string;
  rules?: string[];
  branches?: string[];
}

export interface BuiltinModel {
  /** Stable slug; the model's API id is `mdl_<key>`. */
  key: string;
  name: string;
  /** What the model answers, and its formulas, in Markdown. */
  description: string;
  category: 'workforce' | 'operations' | 'finance' | 'strategy';
  version: string;
  /** JSON Schema of the inputs: every property with type, bounds, default (where optional) and a description
   *  giving meaning and unit. `additionalProperties: false`. Values are scalars only. */
  inputSchema: JsonSchema;
  /** JSON Schema of `metrics`. */
  outputSchema: JsonSchema;
  /** For comparisons: which way each numeric metric is better, where the model can say. */
  metricDirections: Record<string, MetricDirection>;
  /** Ranges the model's formulas are validated for; inputs outside them produce a `warning` note. */
  validatedRanges: Record<string, { min: number; max: number }>;
  /** Runs the model on inputs that already passed inputSchema validation with defaults applied. Must be pure. */
  evaluate(inputs: ModelInputs): ModelResult;
}
