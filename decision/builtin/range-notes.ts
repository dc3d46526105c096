import type { ModelInputs, Note } from '../types';

export type ValidatedRanges = Record<string, { min: number; max: number }>;

/**
 * One `warning` note for every numeric input outside the range its model's formulas were validated for. The
 * input still passed the schema's hard bounds, so the model runs; the note tells the reader the result is an
 * extrapolation. `isInputUsed` lets a model skip inputs the evaluation ignores (e.g. a fourth team when only
 * two are counted), so a leftover value never raises a warning about a number that did not affect anything.
 */
export function outOfRangeNotes(
  inputs: ModelInputs,
  ranges: ValidatedRanges,
  isInputUsed: (input: string) => boolean = () => true,
): Note[] {
  const notes: Note[] = [];
  for (const [input, range] of Object.entries(ranges)) {
    const value = inputs[input];
    if (typeof value !== 'number' || !isInputUsed(input)) continue;
    if (value < range.min || value > range.max) {
      notes.push({
        kind: 'warning',
        input,
        message: `${input} = ${value} is outside the validated range [${range.min}, ${range.max}]; the result is an extrapolation.`,
      });
    }
  }
  return notes;
}
