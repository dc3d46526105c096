/**
 * FEEL text inside a DMN element compiled into an evaluator: used by boxed expressions and decision tables alike,
 * so neither imports the other for it.
 */
import { compileExpression } from './feel-api';
import type { CompileEnv, Evaluator } from './runtime';
import { describeCompileError } from './problems';

/** Evaluates to null: what an element that failed to compile evaluates to (its problem is reported). */
export const NULL_EVALUATOR: Evaluator = () => null;

/** Compiles FEEL text; a syntax error is reported against the owning element and evaluates to null. */
export function compileFeel(text: string, env: CompileEnv, where: string): Evaluator {
  try {
    const compiled = compileExpression(text, { names: env.names, types: env.types });
    return (scope, context) =>
      compiled.evaluate(scope, { ...(context.deadline !== undefined ? { deadline: context.deadline } : {}) });
  } catch (error) {
    env.problems.add(env.owner, `${where}: ${describeCompileError(error)} in ${JSON.stringify(text.trim())}`);
    return NULL_EVALUATOR;
  }
}
