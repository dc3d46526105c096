import type { BuiltinModel, JsonSchema, ModelInputs } from '../types';

interface NumericBounds {
  type?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
}

/** Why `value` breaks the property's hard bounds, or undefined when it does not. */
function boundViolation(value: number, bounds: NumericBounds): string | undefined {
  if (!Number.isFinite(value)) return 'is not a finite number';
  if (bounds.type === 'integer' && !Number.isInteger(value)) return 'is not an integer';
  if (bounds.minimum !== undefined && value < bounds.minimum) return `is below the minimum ${bounds.minimum}`;
  if (bounds.exclusiveMinimum !== undefined && value <= bounds.exclusiveMinimum)
    return `must be above ${bounds.exclusiveMinimum}`;
  if (bounds.maximum !== undefined && value > bounds.maximum) return `is above the maximum ${bounds.maximum}`;
  return undefined;
}

/**
 * Makes `evaluate` refuse numeric inputs outside the inputSchema's hard bounds with a RangeError naming the
 * input. Schema validation normally guarantees them, but a caller that skips it — Monte Carlo sampling draws
 * inputs from distributions — would otherwise feed formulas values they are undefined for, where they can
 * return NaN or, for a search like Erlang C staffing, never finish.
 */
export function enforcingInputBounds(model: BuiltinModel): BuiltinModel {
  const properties = (model.inputSchema.properties ?? {}) as Record<string, JsonSchema & NumericBounds>;
  const evaluateWithinBounds = model.evaluate;
  return {
    ...model,
    evaluate(inputs: ModelInputs) {
      for (const [name, bounds] of Object.entries(properties)) {
        const value = inputs[name];
        if (typeof value !== 'number') continue;
        const violation = boundViolation(value, bounds);
        if (violation)
          throw new RangeError(`Input ${name} = ${value} ${violation}; model ${model.key} is undefined there.`);
      }
      return evaluateWithinBounds(inputs);
    },
  };
}
