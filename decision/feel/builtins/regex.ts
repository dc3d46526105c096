/**
 * XPath regular expressions (as `matches`, `replace` and `split` take them) on RE2: linear time, so a tenant's
 * pattern cannot stall the process with catastrophic backtracking. Patterns RE2 cannot run make the call null.
 */
import { RE2JS } from 're2js';

const cache = new Map<string, RE2JS>();
const CACHE_LIMIT = 500;

/** The `x` flag: whitespace outside character classes is not part of the pattern. */
function stripWhitespace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
      // `hello\ sworld` under `x` is `hello\sworld`: whitespace goes before escapes are read
      let j = i + 1;
      while (!inClass && /\s/.test(pattern[j] ?? '')) j++;
      out += c + (pattern[j] ?? '');
      i = j;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    if (!inClass && /\s/.test(c)) continue;
    out += c;
  }
  return out;
}

/** XML Schema block escapes (`\p{IsBasicLatin}`) RE2 lacks, as code point ranges (the common blocks). */
const BLOCKS: Readonly<Record<string, string>> = {
  BasicLatin: '\\x{0}-\\x{7F}',
  'Latin-1Supplement': '\\x{80}-\\x{FF}',
  'LatinExtended-A': '\\x{100}-\\x{17F}',
  'LatinExtended-B': '\\x{180}-\\x{24F}',
  IPAExtensions: '\\x{250}-\\x{2AF}',
  Greek: '\\x{370}-\\x{3FF}',
  GreekandCoptic: '\\x{370}-\\x{3FF}',
  Cyrillic: '\\x{400}-\\x{4FF}',
  Hebrew: '\\x{590}-\\x{5FF}',
  Arabic: '\\x{600}-\\x{6FF}',
  GeneralPunctuation: '\\x{2000}-\\x{206F}',
  CurrencySymbols: '\\x{20A0}-\\x{20CF}',
  Hiragana: '\\x{3040}-\\x{309F}',
  Katakana: '\\x{30A0}-\\x{30FF}',
  CJKUnifiedIdeographs: '\\x{4E00}-\\x{9FFF}',
};

/** `\p{IsX}` / `\P{IsX}` at `i` (the backslash): its RE2 spelling and length, null when unknown, undefined if not one. */
function blockEscape(
  pattern: string,
  i: number,
  inClass: boolean,
): { text: string; length: number } | null | undefined {
  const m = /^\\([pP])\{Is([^}]*)\}/.exec(pattern.slice(i));
  if (!m) return undefined;
  const range = BLOCKS[m[2] ?? ''];
  if (!range || (inClass && m[1] === 'P')) return null;
  const text = inClass ? range : `[${m[1] === 'P' ? '^' : ''}${range}]`;
  return { text, length: m[0].length };
}

type Interval = [number, number];

/** The code point intervals of a simple class body (`A-Z_0-9`, no escapes). */
function classIntervals(body: string): Interval[] {
  const chars = Array.from(body);
  const result: Interval[] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i]?.codePointAt(0) ?? 0;
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      result.push([from, chars[i + 2]?.codePointAt(0) ?? from]);
      i += 2;
    } else result.push([from, from]);
  }
  return result;
}

function subtractIntervals(base: Interval[], remove: Interval[]): Interval[] {
  let current = base;
  for (const [rf, rt] of remove) {
    current = current.flatMap(([f, t]): Interval[] => {
      if (rt < f || rf > t) return [[f, t]];
      const parts: Interval[] = [];
      if (rf > f) parts.push([f, rf - 1]);
      if (rt < t) parts.push([rt + 1, t]);
      return parts;
    });
  }
  return current;
}

const hex = (n: number): string => `\\x{${n.toString(16)}}`;

/** XML Schema class subtraction (`[A-Z-[OI]]`), which RE2 lacks, spelled out for simple (escape-free) classes. */
function expandClassSubtraction(pattern: string): string {
  return pattern.replace(
    /\[(\^?)([^\\[\]]+)-\[([^\\[\]]+)\]\]/g,
    (_all, negated: string, base: string, remove: string) => {
      if (negated) return `[^${base}${remove}]`;
      const kept = subtractIntervals(classIntervals(base), classIntervals(remove));
      if (kept.length === 0) return '[^\\x{0}-\\x{10FFFF}]';
      return `[${kept.map(([f, t]) => (f === t ? hex(f) : `${hex(f)}-${hex(t)}`)).join('')}]`;
    },
  );
}

/**
 * XPath → RE2 spelling: `.` excludes \r as well as \n unless `s`; `\0` and back-references are errors in XPath
 * (or unsupported by RE2), so such patterns give null.
 */
function translateXPath(xpathPattern: string, dotAll: boolean): string | null {
  const pattern = expandClassSubtraction(xpathPattern);
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
      const block = blockEscape(pattern, i, inClass);
      if (block === null) return null;
      if (block) {
        out += block.text;
        i += block.length - 1;
        continue;
      }
      const next = pattern[i + 1] ?? '';
      if (/[0-9]/.test(next) && !inClass && next !== '0') return null;
      if (next === '0') return null;
      out += c + next;
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c === '.' && !inClass && !dotAll ? '[^\\n\\r]' : c;
  }
  return out;
}

/** XPath flags: s (dot matches newline), m (multi-line), i (case-insensitive), x (strip whitespace), q (literal). */
export function compileXPathRegex(pattern: string, flags: string): RE2JS | null {
  if (!/^[smixq]*$/.test(flags)) return null;
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const source = flags.includes('q')
    ? RE2JS.quote(pattern)
    : translateXPath(flags.includes('x') ? stripWhitespace(pattern) : pattern, flags.includes('s'));
  if (source === null) return null;
  let mask = 0;
  if (flags.includes('s')) mask |= RE2JS.DOTALL;
  if (flags.includes('m')) mask |= RE2JS.MULTILINE;
  if (flags.includes('i')) mask |= RE2JS.CASE_INSENSITIVE;
  try {
    const compiled = RE2JS.compile(source, mask);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, compiled);
    return compiled;
  } catch {
    return null;
  }
}
