/**
 * The built-in function library by name (DMN 1.5 §10.3.4).
 */
import type { FeelFunction } from '../types';
import { contextBuiltins } from './context';
import { conversionBuiltins } from './conversion';
import { dateTimeBuiltins } from './date-time';
import { listBuiltins } from './list';
import { numericBuiltins } from './numeric';
import { rangeBuiltins } from './range';
import { stringBuiltins } from './string';

export const builtins: ReadonlyMap<string, FeelFunction> = new Map([
  ...conversionBuiltins,
  ...stringBuiltins,
  ...listBuiltins,
  ...numericBuiltins,
  ...dateTimeBuiltins,
  ...rangeBuiltins,
  ...contextBuiltins,
]);
