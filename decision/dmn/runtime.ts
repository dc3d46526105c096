/**
 * What compiled boxed expressions share: the evaluator signature, the compile environment, and the per-evaluation
 * context (deadline, decision-table trace).
 */
import { FeelTimeoutError, parseTypeRef, type FeelType, type FeelValue } from './feel-api';
import type { ElementRef } from './model';
import type { ProblemList } from './problems';
import type { TypeResolver } from './item-definitions';

export interface MatchedRule {
  index: number;
  id: string | null;
}

/** Filled by the decision table that is a decision's top-level expression, for the trace. */
export interface TableTrace {
  hitPolicy: string;
  matched: MatchedRule[];
}

export interface EvalContext {
  readonly deadline?: number;
  /** Set only while evaluating a decision's top-level expression; nested tables leave it alone. */
  tableTrace?: TableTrace | null;
}

export type Scope = ReadonlyMap<string, FeelValue>;
export type Evaluator = (scope: Scope, context: EvalContext) => FeelValue;

export interface CompileEnv {
  /** The DRG element (decision, BKM, …) whose logic is being compiled, for problem reports. */
  readonly owner: ElementRef;
  /** Names visible here, so the FEEL parser reads multi-word names as names. */
  readonly names: ReadonlySet<string>;
  readonly types: TypeResolver;
  readonly problems: ProblemList;
}

export function withNames(env: CompileEnv, more: Iterable<string>): CompileEnv {
  const names = new Set(env.names);
  for (const name of more) names.add(name);
  return { ...env, names };
}

export function checkDeadline(deadline: number | undefined): void {
  if (deadline !== undefined && performance.now() > deadline)
    throw new FeelTimeoutError('DMN evaluation exceeded its deadline');
}

/** Resolves a typeRef in a boxed expression; an unknown one is a problem and means "any". */
export function resolveTypeRef(env: CompileEnv, typeRef: string | null, what: string): FeelType | null {
  if (typeRef === null) return null;
  const type = parseTypeRefSafe(typeRef, env.types);
  if (type) return type;
  env.problems.add(env.owner, `${what} refers to unknown type "${typeRef}"`);
  return null;
}

function parseTypeRefSafe(typeRef: string, types: TypeResolver): FeelType | undefined {
  try {
    return parseTypeRef(typeRef, types);
  } catch {
    return undefined;
  }
}
