/**
 * The search behind gaps, overlaps and masking: split the input space column by column. At each column the rules
 * still in play are swept over the column's atoms; atoms where the same rules match are grouped (adjacent or not:
 * one group is one set of values), and each group recurses into the next column with only those rules. A group
 * that no rule matches is a gap: a box whose remaining columns are their whole domain. A box that reaches past the
 * last column with two or more rules is where exactly those rules overlap.
 *
 * Groups are keyed by a 64-bit hash of their rules (two 32-bit XOR sums), so a sweep costs O(events log events).
 * The work is capped: a `Budget` of boxes visited (shared by the searches it is given to) and a deadline; past
 * either the search stops and says so (`truncated`).
 */
import { performance } from 'node:perf_hooks';
import { contains, intersect, intersects, key, normalize, union, type RangeSet } from './range-set';

export type Box = RangeSet[];

export interface SearchRule {
  /** Per column, the rule's cell within the domain. */
  cells: readonly RangeSet[];
}

export interface Budget {
  /** Boxes the searches given this budget may still visit. */
  visits: number;
  /** `performance.now()` after which searches stop. */
  deadline: number;
}

export function newBudget(visits: number, deadline = Number.POSITIVE_INFINITY): Budget {
  return { visits, deadline };
}

export interface SearchOptions {
  wantGaps: boolean;
  wantOverlaps: boolean;
  stopAtFirstGap?: boolean;
  budget: Budget;
}

export interface SearchResult {
  gaps: Box[];
  /** Each distinct set of rules (indexes, ascending) that match together somewhere, alone. */
  overlapSets: number[][];
  truncated: boolean;
  visited: number;
}

const HASH_A: number[] = [];
const HASH_B: number[] = [];

/** Fixed pseudo-random hashes (xorshift), so results do not depend on Math.random. */
function hashes(count: number): void {
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  for (let i = 0; i < HASH_A.length; i++) {
    next();
    next();
  }
  while (HASH_A.length < count) {
    HASH_A.push(next());
    HASH_B.push(next());
  }
}

export function search(
  domain: Box,
  rules: readonly SearchRule[],
  candidates: number[],
  options: SearchOptions,
): SearchResult {
  hashes(rules.length);
  const columns = domain.length;
  // coversRest[r][c]: rule r matches the whole domain of every column from c on.
  const coversRest: boolean[][] = [];
  for (const candidate of candidates) {
    const cells = (rules[candidate] as SearchRule).cells;
    const flags = new Array<boolean>(columns + 1).fill(cells.length === columns);
    if (cells.length === columns)
      for (let c = columns - 1; c >= 0; c--)
        flags[c] = (flags[c + 1] as boolean) && contains(cells[c] as RangeSet, domain[c] as RangeSet);
    coversRest[candidate] = flags;
  }
  const result: SearchResult = { gaps: [], overlapSets: [], truncated: false, visited: 0 };
  const overlapKeys = new Set<string>();
  let stop = false;

  const prefix: RangeSet[] = [];
  const visit = (column: number, members: number[]): void => {
    if (stop) return;
    result.visited++;
    const budget = options.budget;
    if (--budget.visits < 0 || ((result.visited & 255) === 0 && performance.now() > budget.deadline)) {
      budget.visits = 0;
      result.truncated = true;
      stop = true;
      return;
    }
    if (members.length === 0) {
      if (options.wantGaps) {
        result.gaps.push([...prefix.slice(0, column), ...domain.slice(column)]);
        if (options.stopAtFirstGap) stop = true;
      }
      return;
    }
    const gapFree = members.some((m) => coversRest[m]?.[column]);
    if (gapFree && (!options.wantOverlaps || members.length < 2)) return;
    if (!options.wantGaps && members.length < 2) return;
    if (column === columns) {
      if (members.length >= 2 && options.wantOverlaps) {
        const setKey = members.join(',');
        if (!overlapKeys.has(setKey)) {
          overlapKeys.add(setKey);
          result.overlapSets.push(members);
        }
      }
      return;
    }
    for (const group of sweep(column, members, domain[column] as RangeSet, rules)) {
      prefix.push(group.set);
      visit(column + 1, group.members);
      prefix.pop();
      if (stop) return;
    }
  };
  visit(0, candidates);
  return result;
}

interface Group {
  set: RangeSet;
  members: number[];
}

function sweep(column: number, members: readonly number[], domain: RangeSet, rules: readonly SearchRule[]): Group[] {
  // Events packed as numbers (position, rule, start or end) so a plain numeric sort orders them by position.
  let count = 0;
  for (const member of members) count += ((rules[member] as SearchRule).cells[column] as RangeSet).length;
  const events = new Float64Array(count);
  let n = 0;
  for (const member of members) {
    const cell = (rules[member] as SearchRule).cells[column] as RangeSet;
    for (let i = 0; i < cell.length; i += 2) {
      events[n++] = (cell[i] as number) * EVENT_SCALE + member * 2 + 1; // a start
      events[n++] = ((cell[i + 1] as number) + 1) * EVENT_SCALE + member * 2; // an end, after the range
    }
  }
  events.sort();
  const groups = new Map<string, { pairs: number[]; members: number[] }>();
  const inside = new Set<number>();
  let hashA = 0;
  let hashB = 0;
  let position = domain[0] ?? 0;
  const end = (domain[domain.length - 1] ?? -1) + 1;
  const addSegment = (from: number, to: number) => {
    if (from > to) return;
    const groupKey = inside.size === 0 ? '' : `${hashA}:${hashB}:${inside.size}`;
    let group = groups.get(groupKey);
    if (!group) {
      group = { pairs: [], members: [...inside].sort((a, b) => a - b) };
      groups.set(groupKey, group);
    }
    group.pairs.push(from, to);
  };
  for (let k = 0; k < events.length;) {
    const at = Math.floor((events[k] as number) / EVENT_SCALE);
    if (at > position) {
      addSegment(position, Math.min(at, end) - 1);
      position = at;
    }
    while (k < events.length && Math.floor((events[k] as number) / EVENT_SCALE) === at) {
      const packed = (events[k] as number) - at * EVENT_SCALE;
      const member = packed >> 1;
      if (packed & 1) inside.add(member);
      else inside.delete(member);
      hashA ^= HASH_A[member] as number;
      hashB ^= HASH_B[member] as number;
      k++;
    }
  }
  if (position < end) addSegment(position, end - 1);
  const result: Group[] = [];
  for (const group of groups.values()) {
    const set = intersect(normalize(group.pairs), domain);
    if (set.length > 0) result.push({ set, members: group.members });
  }
  return result;
}

/** Room for 2^24 rules beside an atom position in one event number (positions up to 2^29 stay exact). */
const EVENT_SCALE = 2 ** 24;

/** Merges boxes equal in every column but one, until none merge, so gaps read as few boxes. */
export function mergeBoxes(boxes: Box[], limit = 5000): Box[] {
  if (boxes.length > limit) return boxes;
  let current = boxes.map((box) => ({ box: [...box], keys: box.map(key) }));
  for (let pass = 0; pass < 4; pass++) {
    let merged = false;
    const columns = current[0]?.box.length ?? 0;
    for (let c = 0; c < columns; c++) {
      const byRest = new Map<string, { box: RangeSet[]; keys: string[] }>();
      for (const entry of current) {
        const rest = entry.keys.map((k, index) => (index === c ? '' : k)).join('|');
        const existing = byRest.get(rest);
        if (existing) {
          existing.box[c] = union(existing.box[c] as RangeSet, entry.box[c] as RangeSet);
          existing.keys[c] = key(existing.box[c] as RangeSet);
          merged = true;
        } else byRest.set(rest, entry);
      }
      current = [...byRest.values()];
    }
    if (!merged) break;
  }
  return current.map((entry) => entry.box);
}

export function boxIntersects(left: readonly RangeSet[], right: readonly RangeSet[]): boolean {
  return left.every((set, c) => intersects(set, right[c] as RangeSet));
}

export function boxContains(outer: readonly RangeSet[], inner: readonly RangeSet[]): boolean {
  return inner.every((set, c) => contains(outer[c] as RangeSet, set));
}
