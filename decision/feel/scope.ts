/**
 * Variable scopes: the caller's variables at the root, then context entries, iteration variables and function
 * parameters layered on top. Names are compared with runs of whitespace collapsed, as FEEL names may hold spaces.
 */
import type { FeelScope, FeelValue } from './types';

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export class Scope {
  constructor(
    private readonly vars: FeelScope,
    private readonly parent?: Scope,
  ) {}

  lookup(name: string): FeelValue | undefined {
    const value = this.vars.get(name);
    if (value !== undefined) return value;
    if (this.vars.has(name)) return null;
    return this.parent?.lookup(name);
  }

  with(vars: FeelScope): Scope {
    return new Scope(vars, this);
  }

  withOne(name: string, value: FeelValue): Scope {
    return new Scope(new Map([[name, value]]), this);
  }
}

/** A root scope whose keys are normalized once (callers may pass `Monthly  Salary`). */
export function rootScope(vars: FeelScope): Scope {
  let clean = true;
  for (const key of vars.keys()) {
    if (key !== normalizeName(key)) {
      clean = false;
      break;
    }
  }
  if (clean) return new Scope(vars);
  return new Scope(new Map([...vars].map(([k, v]) => [normalizeName(k), v])));
}
