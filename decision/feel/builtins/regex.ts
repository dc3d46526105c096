/**
 * XPath regular expressions (as `matches`, `replace` and `split` take them) on RE2: linear time, so a tenant's
 * pattern cannot stall the process with catastrophic backtracking. Patterns RE2 cannot run make the call null.
 */
import { RE2JS } from 're2js';

const cache = new Map<string, RE2JS>();
const CACHE_LIMIT = 500;

/** XPath flags: s (dot matches newline), m (multi-line), i (case-insensitive), x (strip whitespace), q (literal). */
export function compileXPathRegex(pattern: string, flags: string): RE2JS | null {
  if (!/^[smixq]*$/.test(flags)) return null;
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let source = pattern;
  if (flags.includes('q')) source = RE2JS.quote(pattern);
  else if (flags.includes('x')) source = pattern.replace(/[\s]/g, '');
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
