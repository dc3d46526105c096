/**
 * FEEL string literals and code-point aware string helpers (FEEL counts characters as Unicode code points).
 */

const ESCAPE = /\\(?:(["'\\/nrtbf])|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{6}))/g;
const SIMPLE: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

export function parseStringLiteral(literal: string): string {
  const body = literal.startsWith('"') && literal.endsWith('"') && literal.length >= 2 ? literal.slice(1, -1) : literal;
  // \uD83D\uDCA9 pairs decode to one code point because both halves land in the same JS string
  return body.replace(ESCAPE, (_all, simple: string | undefined, u4: string | undefined, u6: string | undefined) => {
    if (simple !== undefined) return SIMPLE[simple] ?? simple;
    return String.fromCodePoint(parseInt((u4 ?? u6) as string, 16));
  });
}

export function codePoints(text: string): string[] {
  return Array.from(text);
}

export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
