/**
 * Variable scopes: the caller's variables at the root, then context entries, iteration variables and function
 * parameters layered on top. Names are compared with runs of whitespace collapsed, as FEEL names may hold spaces.
 */
import type { FeelScope, FeelValue } from './types';

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export abstract class Scope {
  constructor(protected readonly parent?: Scope) {}

  /** The value bound to `name` (null included), or undefined when nothing in scope has that name. */
  abstract lookup(name: string): FeelValue | undefined;

  with(vars: FeelScope): Scope {
    return new MapScope(vars, this);
  }

  /** One binding (an iteration variable, `item`, `?`): no Map allocated in hot loops. */
  withOne(name: string, value: FeelValue): Scope {
    return new BindingScope(name, value, this);
  }
}

class MapScope extends Scope {
  constructor(
    private readonly vars: FeelScope,
    parent?: Scope,
  ) {
    super(parent);
  }

  lookup(name: string): FeelValue | undefined {
    const value = this.vars.get(name);
    if (value !== undefined) return value;
    if (this.vars.has(name)) return null;
    return this.parent?.lookup(name);
  }
}

class BindingScope extends Scope {
  constructor(
    private readonly name: string,
    private readonly value: FeelValue,
    parent: Scope,
  ) {
    super(parent);
  }

  lookup(name: string): FeelValue | undefined {
    return name === this.name ? this.value : this.parent?.lookup(name);
  }
}

/** Root scopes by the caller's map: a decision table tests every rule against the same scope. */
const roots = new WeakMap<FeelScope, { scope: Scope; size: number }>();

/**
 * A root scope whose keys are normalized (callers may pass `Monthly  Salary`). A map whose keys are already clean is
 * used as is (so later changes to it are seen); the verdict is kept until its size changes.
 */
export function rootScope(vars: FeelScope): Scope {
  const cached = roots.get(vars);
  if (cached && cached.size === vars.size) return cached.scope;
  const clean = [...vars.keys()].every((key) => key === normalizeName(key));
  if (!clean) return new MapScope(new Map([...vars].map(([k, v]) => [normalizeName(k), v])));
  // only the live view is kept: a normalized copy would go stale when the caller changes the map
  const scope = new MapScope(vars);
  roots.set(vars, { scope, size: vars.size });
  return scope;
}
