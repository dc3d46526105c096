import type { ModelInputs } from '../types';

/*
 * Inputs reach `evaluate` already validated against the model's schema with defaults applied, so a missing or
 * mistyped value here is a programming error (a schema and its model disagree), not a user error: it throws.
 */

export function numberInput(inputs: ModelInputs, name: string): number {
  const value = inputs[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`Model input ${name} must be a finite number; got ${JSON.stringify(value)}.`);
  }
  return value;
}

export function stringInput(inputs: ModelInputs, name: string): string {
  const value = inputs[name];
  if (typeof value !== 'string') {
    throw new TypeError(`Model input ${name} must be a string; got ${JSON.stringify(value)}.`);
  }
  return value;
}
