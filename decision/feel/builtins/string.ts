/**
 * String functions (DMN 1.5 §10.3.4.3). Positions and lengths count Unicode code points.
 */
import { FeelNumber, type FeelValue } from '../types';
import { codePointLength, codePoints } from '../strings';
import { builtin, listArg, sig, stringArg, truncatedArg } from './define';
import { compileXPathRegex } from './regex';

function substring(args: readonly FeelValue[]): FeelValue {
  const [text, start, length] = args;
  const chars = codePoints(stringArg(text ?? null));
  let from = truncatedArg(start ?? null);
  if (from < 0) from = chars.length + from + 1;
  if (from <= 0) from = 1;
  if (length === null || length === undefined) return chars.slice(from - 1).join('');
  const count = truncatedArg(length);
  if (count < 0) return null;
  return chars.slice(from - 1, from - 1 + count).join('');
}

function flagsArg(flags: FeelValue | undefined): string {
  return flags === null || flags === undefined ? '' : stringArg(flags);
}

function replace(args: readonly FeelValue[]): FeelValue {
  const [input, pattern, replacement, flags] = args;
  const regex = compileXPathRegex(stringArg(pattern ?? null), flagsArg(flags));
  if (!regex) return null;
  const text = stringArg(input ?? null);
  const repl = stringArg(replacement ?? null);
  if (flagsArg(flags).includes('q')) return regex.matcher(text).replaceAll(repl.replace(/[\\$]/g, '\\$&'), true);
  return regex.matcher(text).replaceAll(repl, true);
}

function matches(args: readonly FeelValue[]): FeelValue {
  const [input, pattern, flags] = args;
  const regex = compileXPathRegex(stringArg(pattern ?? null), flagsArg(flags));
  return regex ? regex.matcher(stringArg(input ?? null)).find() : null;
}

function split(args: readonly FeelValue[]): FeelValue {
  const [text, delimiter] = args;
  const regex = compileXPathRegex(stringArg(delimiter ?? null), '');
  if (!regex) return null;
  return regex.split(stringArg(text ?? null), -1);
}

function stringJoin(args: readonly FeelValue[]): FeelValue {
  const [list, delimiter] = args;
  const items = listArg(list ?? null).filter((item) => item !== null);
  if (!items.every((item) => typeof item === 'string')) return null;
  return items.join(delimiter === null || delimiter === undefined ? '' : stringArg(delimiter));
}

const textPair =
  (body: (text: string, match: string) => FeelValue) =>
  ([text, match]: readonly FeelValue[]): FeelValue =>
    body(stringArg(text ?? null), stringArg(match ?? null));

export const stringBuiltins = [
  builtin('substring', sig('string, start position, length?', substring)),
  builtin(
    'string length',
    sig('string', ([s]) => new FeelNumber(codePointLength(stringArg(s ?? null)))),
  ),
  builtin(
    'upper case',
    sig('string', ([s]) => stringArg(s ?? null).toUpperCase()),
  ),
  builtin(
    'lower case',
    sig('string', ([s]) => stringArg(s ?? null).toLowerCase()),
  ),
  builtin(
    'substring before',
    sig(
      'string, match',
      textPair((text, match) => {
        const i = text.indexOf(match);
        return i < 0 ? '' : text.slice(0, i);
      }),
    ),
  ),
  builtin(
    'substring after',
    sig(
      'string, match',
      textPair((text, match) => {
        const i = text.indexOf(match);
        return i < 0 ? '' : text.slice(i + match.length);
      }),
    ),
  ),
  builtin('replace', sig('input, pattern, replacement, flags?', replace)),
  builtin(
    'contains',
    sig(
      'string, match',
      textPair((text, match) => text.includes(match)),
    ),
  ),
  builtin(
    'starts with',
    sig(
      'string, match',
      textPair((text, match) => text.startsWith(match)),
    ),
  ),
  builtin(
    'ends with',
    sig(
      'string, match',
      textPair((text, match) => text.endsWith(match)),
    ),
  ),
  builtin('matches', sig('input, pattern, flags?', matches)),
  builtin('split', sig('string, delimiter', split)),
  builtin('string join', sig('list, delimiter?', stringJoin)),
] as const;
