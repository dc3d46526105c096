/**
 * Undo and redo for the editor: a bounded history of graph values. Typing in one cell arrives as a burst of changes
 * (the table hands its edits over every 100 ms or so); changes with the same `key` (the same cell) less than
 * `coalesceMs` apart make one step. A change without a key (a paste, a node added, a rule moved) is always a step of
 * its own. Each value carries an id, so the editor knows when undo or redo comes back to the saved graph (`cleanId`).
 * Pure: no DOM, no React.
 */

export interface HistoryEntry<T> {
  value: T;
  id: number;
}

export interface History<T> {
  past: HistoryEntry<T>[];
  present: HistoryEntry<T>;
  future: HistoryEntry<T>[];
  /** The id of the saved (or loaded) value, when it is still in the history. */
  cleanId: number | undefined;
  /** The burst being coalesced: its key and the time of its last change. */
  burst: { key: string; at: number } | undefined;
  nextId: number;
  limit: number;
  coalesceMs: number;
}

export function createHistory<T>(
  value: T,
  options: { limit?: number; coalesceMs?: number; clean?: boolean } = {},
): History<T> {
  return {
    past: [],
    present: { value, id: 0 },
    future: [],
    cleanId: options.clean === false ? undefined : 0,
    burst: undefined,
    nextId: 1,
    limit: options.limit ?? 100,
    coalesceMs: options.coalesceMs ?? 1000,
  };
}

/** A change made by the person: a new step, or the current burst's step updated. Clears what redo had. */
export function recordChange<T>(history: History<T>, value: T, at: number, key?: string): History<T> {
  const entry = { value, id: history.nextId };
  const burst = key !== undefined ? { key, at } : undefined;
  const coalesce =
    key !== undefined &&
    history.burst?.key === key &&
    at - history.burst.at < history.coalesceMs &&
    history.present.id !== history.cleanId;
  if (coalesce) return { ...history, present: entry, future: [], burst, nextId: history.nextId + 1 };
  const past = [...history.past, history.present].slice(-history.limit);
  return { ...history, past, present: entry, future: [], burst, nextId: history.nextId + 1 };
}

/** The present value replaced by an equal one (the editor's own copy of what was set): no step, the same id. */
export function replacePresent<T>(history: History<T>, value: T): History<T> {
  return { ...history, present: { ...history.present, value } };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    burst: undefined,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const next = history.future[0];
  if (!next) return history;
  return {
    ...history,
    past: [...history.past, history.present].slice(-history.limit),
    present: next,
    future: history.future.slice(1),
    burst: undefined,
  };
}

/** The present value is the saved one (after a save). */
export function markClean<T>(history: History<T>): History<T> {
  return { ...history, cleanId: history.present.id, burst: undefined };
}

export const isClean = <T>(history: History<T>) => history.present.id === history.cleanId;
export const canUndo = <T>(history: History<T>) => history.past.length > 0;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

interface GraphLike {
  nodes: ReadonlyArray<{ id: string; content?: unknown }>;
  edges: ReadonlyArray<unknown>;
}

/**
 * The key of a change that edits one cell of one rule of a decision table (`nodeId/ruleId/column`), else undefined.
 * The editor shares what it did not change between the two values, so comparing references is enough (and cheap on a
 * 500-rule table).
 */
export function cellEditKey(before: GraphLike, after: GraphLike): string | undefined {
  if (before.nodes.length !== after.nodes.length || before.edges !== after.edges) return undefined;
  let changed: string | undefined;
  for (let index = 0; index < after.nodes.length; index++) {
    const [was, now] = [before.nodes[index], after.nodes[index]];
    if (was === now) continue;
    if (!was || !now || was.id !== now.id || changed !== undefined) return undefined;
    const key = ruleCellKey(was.content, now.content);
    if (key === undefined) return undefined;
    changed = `${now.id}/${key}`;
  }
  return changed;
}

type Rules = Array<Record<string, unknown>>;

function ruleCellKey(before: unknown, after: unknown): string | undefined {
  const [was, now] = [(before ?? {}) as { rules?: Rules }, (after ?? {}) as { rules?: Rules }];
  if (!Array.isArray(was.rules) || !Array.isArray(now.rules) || was.rules.length !== now.rules.length) return undefined;
  const otherKeys = new Set([...Object.keys(was), ...Object.keys(now)]);
  otherKeys.delete('rules');
  for (const key of otherKeys)
    if ((was as Record<string, unknown>)[key] !== (now as Record<string, unknown>)[key]) return undefined;
  let changed: string | undefined;
  for (let index = 0; index < now.rules.length; index++) {
    const [rule, next] = [was.rules[index], now.rules[index]];
    if (rule === next) continue;
    if (!rule || !next || changed !== undefined) return undefined;
    const cells = [...new Set([...Object.keys(rule), ...Object.keys(next)])].filter((key) => rule[key] !== next[key]);
    if (cells.length !== 1) return undefined;
    changed = `${String(next._id ?? index)}/${cells[0]}`;
  }
  return changed;
}

/**
 * Whether two graphs hold the same content: what JSON would keep (a key whose value is undefined counts as absent),
 * comparing references first, so the parts the editor did not touch cost nothing. The editor reports changes that
 * change nothing (a node selected, a table's tab opened); those are not steps, nor unsaved changes.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameContent(item, b[index]));
  const [left, right] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined);
  const leftKeys = keys(left);
  if (leftKeys.length !== keys(right).length) return false;
  return leftKeys.every(
    (key) => Object.prototype.hasOwnProperty.call(right, key) && sameContent(left[key], right[key]),
  );
}
