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

/**
 * XPath → RE2 spelling: `.` excludes \r as well as \n unless `s`; `\0` and back-references are errors in XPath
 * (or unsupported by RE2), so such patterns give null.
 */
function translateXPath(pattern: string, dotAll: boolean): string | null {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
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
