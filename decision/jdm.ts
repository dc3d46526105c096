/**
 * Tenant-authored models as GoRules JDM (JSON Decision Model) graphs, run by the ZEN engine.
 *
 * Loading checks the graph's structure ourselves first, so a tenant gets every problem at once with a JSON Pointer
 * to it, instead of the engine's first serde message. It also parses every expression, because the engine only
 * parses them at evaluation time and a decision-table cell that fails to parse silently skips its rule.
 *
 * Results must be reproducible, so only input, output, decision table, expression and switch nodes are accepted,
 * and expressions that read the clock or draw random numbers are rejected (see `nonReproducibleConstruct`).
 * Function nodes (JavaScript with clock access and a wall-clock timeout) would make results depend on when and
 * where they ran; decision nodes need a loader for other stored graphs; custom nodes need a handler.
 */
import {
  ZenEngine,
  evaluateExpression,
  evaluateExpressionSync,
  evaluateUnaryExpression,
  evaluateUnaryExpressionSync,
  type ZenDecision,
  type ZenEngineResponse,
  type ZenEngineTrace,
} from '@gorules/zen-engine';
import zenEnginePackage from '@gorules/zen-engine/package.json';
import type { DecisionStructure, EvaluationHit, MetricValue, ModelInputs, ModelResult, Note } from './types';

export type JdmHitPolicy = 'first' | 'collect';

export interface JdmTableColumn {
  id: string;
  name: string;
  /** Input columns: the value each cell is tested against (unary test); absent or blank means each cell is a
   *  full expression. Output columns: the (dotted) result path the cell's value is written to. */
  field?: string;
}

/** A rule maps column ids to cell text; `_id` and `_description` are the rule's own metadata. */
export type JdmRule = Record<string, string>;

export interface JdmDecisionTableContent {
  hitPolicy: JdmHitPolicy;
  inputs: JdmTableColumn[];
  outputs: JdmTableColumn[];
  rules: JdmRule[];
}

export interface JdmExpressionContent {
  expressions: Array<{ id: string; key: string; value: string }>;
}

export interface JdmSwitchContent {
  hitPolicy?: JdmHitPolicy;
  /** An empty condition is the default branch. */
  statements: Array<{ id: string; condition: string }>;
}

export type JdmNode =
  | { id: string; name: string; type: 'inputNode' }
  | { id: string; name: string; type: 'outputNode' }
  | { id: string; name: string; type: 'decisionTableNode'; content: JdmDecisionTableContent }
  | { id: string; name: string; type: 'expressionNode'; content: JdmExpressionContent }
  | { id: string; name: string; type: 'switchNode'; content: JdmSwitchContent };

export type JdmNodeKind = JdmNode['type'];

export interface JdmEdge {
  id: string;
  sourceId: string;
  targetId: string;
  /** For edges leaving a switch node: the statement whose branch this edge is. */
  sourceHandle?: string;
}

/** The parts of a JDM graph this module reads. The engine is given the author's full document. */
export interface JdmGraph {
  nodes: JdmNode[];
  edges: JdmEdge[];
}

export interface CompiledJdm {
  graph: JdmGraph;
  decision: ZenDecision;
}

/** `path` is a JSON Pointer into the submitted document (under `pointerPrefix`). */
export interface JdmLoadError {
  path: string;
  message: string;
}

export type JdmLoadResult = { ok: true; decision: CompiledJdm } | { ok: false; errors: JdmLoadError[] };

export interface JdmTraceStep {
  node_id: string;
  name: string;
  kind: string;
  input: unknown;
  output: unknown;
  /** As the engine reports it, e.g. "12.3µs". */
  performance?: string;
  /** The engine's per-node detail, verbatim: matched rule(s) of a table, taken branch(es) of a switch, each
   *  expression's result. */
  trace_data?: unknown;
}

export interface JdmEvaluation {
  /** The graph's output. A result that is not an object (a `collect` table wired straight to the output yields
   *  an array) is wrapped as `{ result: <value> }`. */
  result: Record<string, unknown>;
  /** The evaluated nodes, in the order the engine evaluated them. */
  trace: JdmTraceStep[];
}

/** The engine failed while evaluating (e.g. an expression applied to the wrong type). */
export class JdmEvaluationError extends Error {
  constructor(
    message: string,
    /** The node that failed, when the engine says. */
    readonly nodeId: string | undefined,
    /** The nodes evaluated before the failure, the failing one included, when the engine reports them. */
    readonly trace: JdmTraceStep[],
  ) {
    super(message);
    this.name = 'JdmEvaluationError';
  }
}

const SUPPORTED_NODE_KINDS: ReadonlySet<string> = new Set<JdmNodeKind>([
  'inputNode',
  'outputNode',
  'decisionTableNode',
  'expressionNode',
  'switchNode',
]);

const UNSUPPORTED_NODE_REASONS: Readonly<Record<string, string>> = {
  functionNode:
    'function nodes are not supported: their JavaScript can read the clock and is cut off by a wall-clock ' +
    'timeout, so results would not be reproducible; use expression nodes or decision tables',
  decisionNode: 'decision nodes (calls to other stored graphs) are not supported; inline the sub-graph',
  customNode: 'custom nodes are not supported',
};

/** How many expression parse checks are in flight at once, so a large table does not flood libuv's pool. */
const PARSE_CHECK_CONCURRENCY = 64;

/**
 * Parse verdicts of this process, by kind and text (undefined: it parses): the same engine gives a text the same
 * verdict, and a draft saved again holds mostly the texts it held (a 500-rule table: over a thousand). Bounded in
 * entries and in the length of a text kept, the oldest dropped first.
 */
const parseVerdicts = new Map<string, string | undefined>();
const PARSE_VERDICT_LIMIT = 20_000;
const PARSE_VERDICT_TEXT_LIMIT = 500;

function rememberVerdict(key: string, problem: string | undefined): void {
  if (key.length > PARSE_VERDICT_TEXT_LIMIT) return;
  if (parseVerdicts.size >= PARSE_VERDICT_LIMIT) parseVerdicts.delete(parseVerdicts.keys().next().value as string);
  parseVerdicts.set(key, problem);
}

let sharedEngine: ZenEngine | undefined;

/** One engine for the process: it holds no per-graph state, since graphs are compiled with `createDecision`. */
function engine(): ZenEngine {
  sharedEngine ??= new ZenEngine();
  return sharedEngine;
}

/** What the engine put in a thrown error: its message is JSON (sometimes followed by a Rust backtrace) or text. */
interface EngineErrorDetail {
  type?: string;
  source?: unknown;
  nodeId?: string;
  trace?: Record<string, ZenEngineTrace>;
  text: string;
}

export function engineErrorDetail(error: unknown): EngineErrorDetail {
  const raw = error instanceof Error ? error.message : String(error);
  const text = (raw.split('\n\nStack backtrace:')[0] ?? raw).trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPlainObject(parsed)) {
      return {
        type: typeof parsed.type === 'string' ? parsed.type : undefined,
        source: parsed.source,
        nodeId: typeof parsed.nodeId === 'string' ? parsed.nodeId : undefined,
        trace: isPlainObject(parsed.trace) ? (parsed.trace as Record<string, ZenEngineTrace>) : undefined,
        text,
      };
    }
  } catch {
    // Plain-text message (e.g. a serde "missing field" error).
  }
  return { text };
}

export function describeEngineSource(source: unknown): string {
  if (typeof source === 'string') return source;
  if (isPlainObject(source) && typeof source.type === 'string') {
    return typeof source.source === 'string' ? `${source.type}: ${source.source}` : source.type;
  }
  return JSON.stringify(source);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes a key for use as one JSON Pointer segment (RFC 6901). */
function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Collects structural problems while reading an untrusted document into typed values. */
class GraphReader {
  readonly errors: JdmLoadError[] = [];
  /** Expressions met while reading, parsed afterwards in one batch (parsing is asynchronous). */
  readonly expressionsToCheck: Array<{ path: string; text: string; unary: boolean }> = [];

  constructor(private readonly root: string) {}

  path(...segments: Array<string | number>): string {
    return this.root + segments.map((segment) => `/${pointerSegment(segment)}`).join('');
  }

  fail(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  string(
    container: Record<string, unknown>,
    key: string,
    path: string,
    options: { nonEmpty?: boolean; optional?: boolean } = {},
  ): string | undefined {
    const value = container[key];
    if (value === undefined && options.optional) return undefined;
    if (typeof value !== 'string') {
      const problem = value === undefined ? `${key} is required` : `${key} must be a string`;
      this.fail(`${path}/${pointerSegment(key)}`, problem);
      return undefined;
    }
    if (options.nonEmpty && value.trim() === '') {
      this.fail(`${path}/${pointerSegment(key)}`, `${key} must not be empty`);
      return undefined;
    }
    return value;
  }

  array(container: Record<string, unknown>, key: string, path: string): unknown[] | undefined {
    const value = container[key];
    if (!Array.isArray(value)) {
      const problem = value === undefined ? `${key} is required (an array)` : `${key} must be an array`;
      this.fail(`${path}/${pointerSegment(key)}`, problem);
      return undefined;
    }
    return value;
  }

  object(value: unknown, path: string, what: string): Record<string, unknown> | undefined {
    if (!isPlainObject(value)) {
      this.fail(path, `${what} must be an object`);
      return undefined;
    }
    return value;
  }

  hitPolicy(container: Record<string, unknown>, path: string, optional: boolean): JdmHitPolicy | undefined {
    const value = container.hitPolicy;
    if (value === undefined && optional) return undefined;
    if (value !== 'first' && value !== 'collect') {
      this.fail(`${path}/hitPolicy`, 'hitPolicy must be "first" or "collect"');
      return undefined;
    }
    return value;
  }

  /** Reads items with `read`, reporting an id used twice; returns undefined if any item was unreadable. */
  uniqueItems<T extends { id: string }>(
    items: unknown[],
    path: string,
    what: string,
    read: (item: Record<string, unknown>, itemPath: string) => T | undefined,
    seenIds = new Map<string, string>(),
  ): T[] | undefined {
    const result: T[] = [];
    let complete = true;
    items.forEach((item, index) => {
      const itemPath = `${path}/${index}`;
      const object = this.object(item, itemPath, what);
      const parsed = object && read(object, itemPath);
      if (!parsed) {
        complete = false;
        return;
      }
      const earlier = seenIds.get(parsed.id);
      if (earlier !== undefined) {
        this.fail(`${itemPath}/id`, `duplicate id "${parsed.id}" (also used at ${earlier})`);
        complete = false;
        return;
      }
      seenIds.set(parsed.id, `${itemPath}/id`);
      result.push(parsed);
    });
    return complete ? result : undefined;
  }

  checkExpressionLater(path: string, text: string, unary: boolean): void {
    if (text.trim() !== '') this.expressionsToCheck.push({ path, text, unary });
  }
}

function readTableColumn(
  reader: GraphReader,
  column: Record<string, unknown>,
  path: string,
  role: 'input' | 'output',
): JdmTableColumn | undefined {
  const id = reader.string(column, 'id', path, { nonEmpty: true });
  const name = reader.string(column, 'name', path);
  const field = reader.string(column, 'field', path, { optional: role === 'input', nonEmpty: role === 'output' });
  if (id === undefined || name === undefined) return undefined;
  if (role === 'output' && field === undefined) return undefined;
  return field === undefined ? { id, name } : { id, name, field };
}

function readDecisionTable(
  reader: GraphReader,
  content: Record<string, unknown>,
  path: string,
): JdmDecisionTableContent | undefined {
  const hitPolicy = reader.hitPolicy(content, path, false);
  const rawInputs = reader.array(content, 'inputs', path);
  const rawOutputs = reader.array(content, 'outputs', path);
  const rawRules = reader.array(content, 'rules', path);
  // Inputs and outputs share one id space: a rule's cells are keyed by column id.
  const columnIds = new Map<string, string>();
  const readColumns = (raw: unknown[] | undefined, role: 'input' | 'output') =>
    raw &&
    reader.uniqueItems(
      raw,
      `${path}/${role}s`,
      `a table ${role} column`,
      (column, columnPath) => readTableColumn(reader, column, columnPath, role),
      columnIds,
    );
  const inputs = readColumns(rawInputs, 'input');
  const outputs = readColumns(rawOutputs, 'output');
  if (!rawRules) return undefined;
  const columns = inputs && outputs ? [...inputs, ...outputs] : [];

  const rules: JdmRule[] = [];
  let rulesReadable = true;
  rawRules.forEach((rawRule, ruleIndex) => {
    const rulePath = `${path}/rules/${ruleIndex}`;
    const rule = reader.object(rawRule, rulePath, 'a rule');
    if (!rule) {
      rulesReadable = false;
      return;
    }
    for (const [key, cell] of Object.entries(rule)) {
      if (typeof cell !== 'string') {
        reader.fail(`${rulePath}/${pointerSegment(key)}`, 'rule cells must be strings');
        rulesReadable = false;
      }
    }
    for (const column of columns) {
      const cell = rule[column.id];
      // The engine tests an input cell against the column's `field` when it has one (a unary test like `> 10`);
      // other cells are ordinary expressions.
      const unary = inputs?.includes(column) === true && (column.field ?? '').trim() !== '';
      const cellPath = `${rulePath}/${pointerSegment(column.id)}`;
      if (typeof cell === 'string') reader.checkExpressionLater(cellPath, cell, unary);
    }
    rules.push(rule as JdmRule);
  });
  return hitPolicy && inputs && outputs && rulesReadable ? { hitPolicy, inputs, outputs, rules } : undefined;
}

function readExpressions(
  reader: GraphReader,
  content: Record<string, unknown>,
  path: string,
): JdmExpressionContent | undefined {
  const rawExpressions = reader.array(content, 'expressions', path);
  const expressions =
    rawExpressions &&
    reader.uniqueItems(rawExpressions, `${path}/expressions`, 'an expression', (expression, expressionPath) => {
      const id = reader.string(expression, 'id', expressionPath, { nonEmpty: true });
      const key = reader.string(expression, 'key', expressionPath);
      const value = reader.string(expression, 'value', expressionPath);
      if (id === undefined || key === undefined || value === undefined) return undefined;
      reader.checkExpressionLater(`${expressionPath}/value`, value, false);
      return { id, key, value };
    });
  return expressions && { expressions };
}

function readSwitch(reader: GraphReader, content: Record<string, unknown>, path: string): JdmSwitchContent | undefined {
  const hitPolicy = reader.hitPolicy(content, path, true);
  const rawStatements = reader.array(content, 'statements', path);
  const statements =
    rawStatements &&
    reader.uniqueItems(rawStatements, `${path}/statements`, 'a statement', (statement, statementPath) => {
      const id = reader.string(statement, 'id', statementPath, { nonEmpty: true });
      const condition = reader.string(statement, 'condition', statementPath);
      if (id === undefined || condition === undefined) return undefined;
      reader.checkExpressionLater(`${statementPath}/condition`, condition, false);
      return { id, condition };
    });
  if (!statements || (content.hitPolicy !== undefined && hitPolicy === undefined)) return undefined;
  return hitPolicy === undefined ? { statements } : { hitPolicy, statements };
}

function readNode(reader: GraphReader, node: Record<string, unknown>, path: string): JdmNode | undefined {
  const id = reader.string(node, 'id', path, { nonEmpty: true });
  const name = reader.string(node, 'name', path);
  const type = reader.string(node, 'type', path);
  if (type === undefined) return undefined;
  if (!SUPPORTED_NODE_KINDS.has(type)) {
    reader.fail(
      `${path}/type`,
      UNSUPPORTED_NODE_REASONS[type] ??
        `unknown node type "${type}"; expected one of ${[...SUPPORTED_NODE_KINDS].join(', ')}`,
    );
    return undefined;
  }
  if (type === 'inputNode' || type === 'outputNode') {
    return id === undefined || name === undefined ? undefined : { id, name, type };
  }

  const content = reader.object(node.content, `${path}/content`, `content of a ${type}`);
  if (!content) return undefined;
  const contentPath = `${path}/content`;
  switch (type) {
    case 'decisionTableNode': {
      const table = readDecisionTable(reader, content, contentPath);
      return id === undefined || name === undefined || !table ? undefined : { id, name, type, content: table };
    }
    case 'expressionNode': {
      const expressions = readExpressions(reader, content, contentPath);
      return id === undefined || name === undefined || !expressions
        ? undefined
        : { id, name, type, content: expressions };
    }
    default: {
      const switchContent = readSwitch(reader, content, contentPath);
      return id === undefined || name === undefined || !switchContent
        ? undefined
        : { id, name, type: 'switchNode', content: switchContent };
    }
  }
}

/** `existingIds` holds every node id in the document; `nodesById` only the nodes that could be read. */
function readEdge(
  reader: GraphReader,
  edge: Record<string, unknown>,
  path: string,
  existingIds: ReadonlySet<string>,
  nodesById: ReadonlyMap<string, JdmNode>,
): JdmEdge | undefined {
  const id = reader.string(edge, 'id', path, { nonEmpty: true });
  const sourceId = reader.string(edge, 'sourceId', path);
  const targetId = reader.string(edge, 'targetId', path);
  // The editor writes `sourceHandle: null` on edges that leave ordinary nodes.
  const sourceHandle =
    edge.sourceHandle === null ? undefined : reader.string(edge, 'sourceHandle', path, { optional: true });
  if (id === undefined || sourceId === undefined || targetId === undefined) return undefined;

  if (!existingIds.has(sourceId)) reader.fail(`${path}/sourceId`, `references unknown node "${sourceId}"`);
  if (!existingIds.has(targetId)) reader.fail(`${path}/targetId`, `references unknown node "${targetId}"`);
  const source = nodesById.get(sourceId);
  const target = nodesById.get(targetId);
  if (!source || !target) return undefined;
  if (source.type === 'outputNode') reader.fail(`${path}/sourceId`, 'an output node cannot have outgoing edges');
  if (target.type === 'inputNode') reader.fail(`${path}/targetId`, 'an input node cannot have incoming edges');
  if (
    source.type === 'switchNode' &&
    sourceHandle !== undefined &&
    !source.content.statements.some((statement) => statement.id === sourceHandle)
  ) {
    reader.fail(`${path}/sourceHandle`, `names no statement of switch node "${source.name}"`);
  }
  return sourceHandle === undefined ? { id, sourceId, targetId } : { id, sourceId, targetId, sourceHandle };
}

/** Reports the first edge (in document order of exploration) that closes a cycle. */
function findCycle(graph: JdmGraph, reader: GraphReader): void {
  const outgoing = new Map<string, Array<{ edge: JdmEdge; index: number }>>();
  graph.edges.forEach((edge, index) => {
    const list = outgoing.get(edge.sourceId) ?? [];
    list.push({ edge, index });
    outgoing.set(edge.sourceId, list);
  });
  const state = new Map<string, 'visiting' | 'done'>();
  const names = new Map(graph.nodes.map((node) => [node.id, node.name]));

  // Iterative depth-first search, so a long chain of nodes cannot overflow the stack.
  for (const start of graph.nodes) {
    if (state.has(start.id)) continue;
    const stack: Array<{ nodeId: string; next: number }> = [{ nodeId: start.id, next: 0 }];
    state.set(start.id, 'visiting');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { nodeId: string; next: number };
      const edges = outgoing.get(frame.nodeId) ?? [];
      if (frame.next >= edges.length) {
        state.set(frame.nodeId, 'done');
        stack.pop();
        continue;
      }
      const { edge, index } = edges[frame.next] as { edge: JdmEdge; index: number };
      frame.next += 1;
      const targetState = state.get(edge.targetId);
      if (targetState === 'visiting') {
        const loopStart = stack.findIndex((entry) => entry.nodeId === edge.targetId);
        const loop = [...stack.slice(loopStart).map((entry) => entry.nodeId), edge.targetId]
          .map((nodeId) => `"${names.get(nodeId) ?? nodeId}"`)
          .join(' → ');
        reader.fail(reader.path('edges', index), `closes a cycle: ${loop}`);
        return;
      }
      if (targetState === undefined) {
        state.set(edge.targetId, 'visiting');
        stack.push({ nodeId: edge.targetId, next: 0 });
      }
    }
  }
}

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

/**
 * ZEN expressions can read the clock (`date("now")`, `time("now")`, `d()`, `.isToday()`) and draw random numbers
 * (`rand(n)`), which would make a model's result depend on when it ran. This catches those spellings; it cannot
 * see a clock read through data (e.g. `date(when)` given the input `when = "now"`).
 */
export function nonReproducibleConstruct(text: string): string | undefined {
  const literals = text.match(STRING_LITERAL) ?? [];
  if (literals.some((literal) => literal.slice(1, -1).trim() === 'now')) return 'reads the clock ("now")';
  const code = text.replace(STRING_LITERAL, '""');
  if (/\brand\s*\(/.test(code)) return 'draws a random number (rand)';
  if (/\bd\s*\(\s*\)/.test(code)) return 'reads the clock (d() is the current time)';
  const relativeDay = /\.\s*(isToday|isYesterday|isTomorrow)\b/.exec(code);
  if (relativeDay) return `reads the clock (${relativeDay[1]})`;
  return undefined;
}

/** Engine error types that are about an expression's text rather than the data it met. */
export const TEXT_ERROR_TYPES: ReadonlySet<string> = new Set(['lexerError', 'parserError', 'compilerError']);

/**
 * Rejects expressions that would not be reproducible, and parses the rest with the engine. Evaluating against an
 * empty context runs the lexer, parser and compiler; errors after that (e.g. multiplying null) depend on the data
 * and are not problems with the graph.
 */
async function checkExpressions(reader: GraphReader, mark?: (path: string) => void): Promise<void> {
  const describe = (check: { text: string; unary: boolean }) =>
    `${check.unary ? 'unary test' : 'expression'} ${JSON.stringify(check.text)}`;
  const toParse = reader.expressionsToCheck.filter((check) => {
    const construct = nonReproducibleConstruct(check.text);
    if (construct === undefined) return true;
    const advice = 'so results would not be reproducible; pass the value as an input instead';
    reader.fail(check.path, `${describe(check)} ${construct}, ${advice}`);
    return false;
  });
  const problemOf = (error: unknown) => {
    const detail = engineErrorDetail(error);
    return detail.type !== undefined && TEXT_ERROR_TYPES.has(detail.type)
      ? describeEngineSource(detail.source)
      : undefined;
  };
  // A table repeats its cells' texts (the same band, the same output in many rules): each distinct text is parsed
  // once (or not at all when this process has parsed it before), and its verdict is given to every cell holding it,
  // in the cells' order, so each one is still named.
  const keyOf = (check: { text: string; unary: boolean }) => `${check.unary ? 'u' : 'e'}:${check.text}`;
  const problems = new Map<string, string | undefined>();
  const distinct = new Map<string, (typeof toParse)[number]>();
  for (const check of toParse) {
    const key = keyOf(check);
    if (problems.has(key) || distinct.has(key)) continue;
    if (parseVerdicts.has(key)) problems.set(key, parseVerdicts.get(key));
    else distinct.set(key, check);
  }
  if (mark) {
    // One at a time, each named before it runs, so a check that runs past the sandbox's budget names its expression.
    for (const [key, check] of distinct) {
      mark(check.path);
      let problem: string | undefined;
      try {
        if (check.unary) evaluateUnaryExpressionSync(check.text, { $: null });
        else evaluateExpressionSync(check.text, {});
      } catch (error) {
        problem = problemOf(error);
      }
      problems.set(key, problem);
      rememberVerdict(key, problem);
    }
  } else {
    const checks = [...distinct];
    for (let start = 0; start < checks.length; start += PARSE_CHECK_CONCURRENCY) {
      const batch = checks.slice(start, start + PARSE_CHECK_CONCURRENCY);
      const found = await Promise.all(
        batch.map(async ([, { text, unary }]) => {
          try {
            await (unary ? evaluateUnaryExpression(text, { $: null }) : evaluateExpression(text, {}));
            return undefined;
          } catch (error) {
            return problemOf(error);
          }
        }),
      );
      batch.forEach(([key], index) => {
        problems.set(key, found[index]);
        rememberVerdict(key, found[index]);
      });
    }
  }
  for (const check of toParse) {
    const problem = problems.get(keyOf(check));
    if (problem !== undefined) reader.fail(check.path, `${describe(check)} does not parse: ${problem}`);
  }
}

function describeGraphValidationError(detail: EngineErrorDetail): string {
  switch (detail.type) {
    case 'cyclicGraph':
      return 'the graph has a cycle';
    case 'invalidInputCount':
      return 'the graph must have exactly one input node';
    case 'missingNode':
      return `an edge references a missing node${detail.nodeId ? ` "${detail.nodeId}"` : ''}`;
    default:
      return `the engine rejected the graph: ${detail.text}`;
  }
}

/**
 * Checks that `content` (parsed JSON) is a JDM graph this service can run, and compiles it. Error paths are JSON
 * Pointers prefixed with `options.pointerPrefix` (default `/graph`, where the API carries the graph), e.g.
 * `/graph/nodes/3/id`. Every expression is parsed (none is evaluated against real inputs) and expressions that
 * read the clock or draw random numbers are rejected. All problems found are returned together. With `mark`, the
 * expressions are checked one by one and each pointer is told to `mark` first (see expression-sandbox).
 */
export async function loadJdmGraph(
  content: unknown,
  options: { pointerPrefix?: string; mark?: (path: string) => void } = {},
): Promise<JdmLoadResult> {
  const reader = new GraphReader(options.pointerPrefix ?? '/graph');
  const document = reader.object(content, reader.path(), 'a JDM graph');
  if (!document) return { ok: false, errors: reader.errors };
  const rawNodes = reader.array(document, 'nodes', reader.path());
  const rawEdges = reader.array(document, 'edges', reader.path());
  if (!rawNodes || !rawEdges) return { ok: false, errors: reader.errors };

  // Keep reading past a bad node so one response lists every problem. The ids of nodes that could not be read
  // still count as existing, so edges to them are not reported a second time.
  const nodes: JdmNode[] = [];
  const nodeIdPaths = new Map<string, string>();
  const inputNodeIndexes: number[] = [];
  let hasOutputNode = false;
  rawNodes.forEach((rawNode, index) => {
    const nodePath = reader.path('nodes', index);
    const nodeObject = reader.object(rawNode, nodePath, 'a node');
    if (!nodeObject) return;
    if (nodeObject.type === 'inputNode') inputNodeIndexes.push(index);
    if (nodeObject.type === 'outputNode') hasOutputNode = true;
    const node = readNode(reader, nodeObject, nodePath);
    const id = nodeObject.id;
    if (typeof id !== 'string' || id.trim() === '') return;
    const earlier = nodeIdPaths.get(id);
    if (earlier !== undefined) {
      reader.fail(`${nodePath}/id`, `duplicate node id "${id}" (also used at ${earlier})`);
      return;
    }
    nodeIdPaths.set(id, `${nodePath}/id`);
    if (node) nodes.push(node);
  });

  if (inputNodeIndexes.length === 0) {
    reader.fail(reader.path('nodes'), 'the graph needs exactly one inputNode; it has none');
  }
  inputNodeIndexes.slice(1).forEach((index, extra) => {
    const message = `the graph needs exactly one inputNode; this is input node number ${extra + 2}`;
    reader.fail(reader.path('nodes', index, 'type'), message);
  });
  if (!hasOutputNode) reader.fail(reader.path('nodes'), 'the graph needs at least one outputNode; it has none');

  const nodesById = new Map(nodes.map((node) => [node.id, node]));
  const existingIds = new Set(nodeIdPaths.keys());
  const edges: JdmEdge[] = [];
  rawEdges.forEach((rawEdge, index) => {
    const edgePath = reader.path('edges', index);
    const edgeObject = reader.object(rawEdge, edgePath, 'an edge');
    const edge = edgeObject && readEdge(reader, edgeObject, edgePath, existingIds, nodesById);
    if (edge) edges.push(edge);
  });

  const graph: JdmGraph = { nodes, edges };
  findCycle(graph, reader);
  await checkExpressions(reader, options.mark);
  if (reader.errors.length > 0) return { ok: false, errors: reader.errors };

  // The engine gets the author's whole document, so options this module does not read (e.g. passThrough,
  // inputField, outputPath) keep their meaning.
  let decision: ZenDecision;
  try {
    decision = engine().createDecision(document);
  } catch (error) {
    const message = `the engine rejected the graph: ${engineErrorDetail(error).text}`;
    return { ok: false, errors: [{ path: reader.path(), message }] };
  }
  try {
    decision.validate();
  } catch (error) {
    const message = describeGraphValidationError(engineErrorDetail(error));
    return { ok: false, errors: [{ path: reader.path(), message }] };
  }
  return { ok: true, decision: { graph, decision } };
}

function traceSteps(graph: JdmGraph, trace: Record<string, ZenEngineTrace> | undefined): JdmTraceStep[] {
  if (!trace) return [];
  const graphOrder = new Map(graph.nodes.map((node, index) => [node.id, index]));
  const kinds = new Map(graph.nodes.map((node) => [node.id, node.type]));
  const entries = Object.entries(trace).map(([key, entry]) => ({ nodeId: entry.id ?? key, entry }));
  // The engine numbers nodes in evaluation order; graph order breaks ties and covers a missing number.
  const position = (nodeId: string, entry: ZenEngineTrace): [number, number] => [
    typeof entry.order === 'number' ? entry.order : Number.MAX_SAFE_INTEGER,
    graphOrder.get(nodeId) ?? Number.MAX_SAFE_INTEGER,
  ];
  entries.sort((left, right) => {
    const [leftOrder, leftGraph] = position(left.nodeId, left.entry);
    const [rightOrder, rightGraph] = position(right.nodeId, right.entry);
    return leftOrder - rightOrder || leftGraph - rightGraph;
  });
  return entries.map(({ nodeId, entry }) => {
    const step: JdmTraceStep = {
      node_id: nodeId,
      name: entry.name,
      kind: kinds.get(nodeId) ?? 'unknown',
      input: entry.input ?? null,
      output: entry.output ?? null,
    };
    if (typeof entry.performance === 'string') step.performance = entry.performance;
    if (entry.traceData !== undefined && entry.traceData !== null) step.trace_data = entry.traceData;
    return step;
  });
}

/** Settles with the engine's answer, or rejects once `timeoutMs` has passed. */
function withinTime<T>(work: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new JdmTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

class JdmTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`evaluation did not finish within ${timeoutMs} ms`);
  }
}

/**
 * Evaluates a compiled graph with tracing. Inputs are passed as they are: a flat object, so graph expressions
 * refer to them by name (`price`, not `order.price`). Throws `JdmEvaluationError` when the engine fails.
 *
 * The engine evaluates on its own native threads, so the event loop stays free meanwhile. `timeoutMs` bounds how
 * long the caller waits (the engine cannot be interrupted; its work finishes in the background). It is meant for
 * checks such as an upload's dry run, not for scenario runs, whose results must not depend on machine load.
 */
export async function evaluateJdm(
  compiled: CompiledJdm,
  inputs: ModelInputs,
  options: { timeoutMs?: number } = {},
): Promise<JdmEvaluation> {
  let response: ZenEngineResponse;
  try {
    response = await withinTime(compiled.decision.evaluate(inputs, { trace: true }), options.timeoutMs);
  } catch (error) {
    if (error instanceof JdmTimeoutError) throw new JdmEvaluationError(error.message, undefined, []);
    const detail = engineErrorDetail(error);
    const node = compiled.graph.nodes.find((candidate) => candidate.id === detail.nodeId);
    const where = node
      ? ` at node "${node.name}" (${node.type} ${node.id})`
      : detail.nodeId
        ? ` at node ${detail.nodeId}`
        : '';
    const why = detail.source === undefined ? detail.text : describeEngineSource(detail.source);
    const partialTrace = traceSteps(compiled.graph, detail.trace);
    throw new JdmEvaluationError(`JDM evaluation failed${where}: ${why}`, detail.nodeId, partialTrace);
  }
  const result = isPlainObject(response.result) ? response.result : { result: response.result ?? null };
  return { result, trace: traceSteps(compiled.graph, response.trace) };
}

/**
 * Flattens a JSON value into scalar metric values: nested keys joined with dots, booleans as "true"/"false". Arrays
 * are by index (`items.0.price`) in derivation steps; a scenario's metrics leave them out (`arrays: 'omit'`): a list is
 * not one figure to compare or chart, and the whole output is in the decision structure. Nulls are not values; their
 * paths go to `nullPaths`, and left-out arrays to `arrayPaths`.
 */
function flattenToMetrics(value: unknown, prefix: string, into: Flattened, arrays: 'index' | 'omit'): void {
  if (value === null || value === undefined) {
    if (prefix !== '') into.nullPaths.push(prefix);
    return;
  }
  if (typeof value === 'number' || typeof value === 'string') {
    into.values[prefix] = value;
    return;
  }
  if (typeof value === 'boolean') {
    into.values[prefix] = value ? 'true' : 'false';
    return;
  }
  if (Array.isArray(value) && arrays === 'omit') {
    into.arrayPaths.push(prefix === '' ? '(root)' : prefix);
    return;
  }
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) flattenToMetrics(item, prefix === '' ? key : `${prefix}.${key}`, into, arrays);
}

interface Flattened {
  values: Record<string, MetricValue>;
  nullPaths: string[];
  arrayPaths: string[];
}

function flatten(value: unknown, arrays: 'index' | 'omit'): Flattened {
  const flattened: Flattened = { values: {}, nullPaths: [], arrayPaths: [] };
  flattenToMetrics(value, '', flattened, arrays);
  return flattened;
}

/** A graph's output as the metrics a scenario stores (see `flattenToMetrics`): what a replay compares with them. */
export function outputMetrics(result: unknown): Record<string, MetricValue> {
  return flatten(result, 'omit').values;
}

/** The hits of a JDM evaluation (each decision table's matched rules, each switch's branches), from its trace. */
export function jdmEvaluationHits(graph: JdmGraph, evaluation: JdmEvaluation): EvaluationHit[] {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const hits: EvaluationHit[] = [];
  for (const step of evaluation.trace) {
    const node = nodes.get(step.node_id);
    if (node?.type === 'decisionTableNode') {
      const rules = [...matchedRuleIndexes(step.trace_data)]
        .sort((a, b) => a - b)
        .map((index) => node.content.rules[index]?._id ?? `#${index}`);
      hits.push({ node_id: step.node_id, rules });
    } else if (node?.type === 'switchNode')
      hits.push({ node_id: step.node_id, branches: takenStatementIds(step.trace_data) });
  }
  return hits;
}

/** Indexes of the rules a decision table's trace says matched: one object (`first`) or an array (`collect`). */
export function matchedRuleIndexes(traceData: unknown): Set<number> {
  const entries = Array.isArray(traceData) ? traceData : [traceData];
  const indexes = new Set<number>();
  for (const entry of entries) {
    if (isPlainObject(entry) && typeof entry.index === 'number') indexes.add(entry.index);
  }
  return indexes;
}

/** Ids of the statements a switch node's trace says were taken. */
export function takenStatementIds(traceData: unknown): string[] {
  if (!isPlainObject(traceData) || !Array.isArray(traceData.statements)) return [];
  return traceData.statements.flatMap((statement) =>
    isPlainObject(statement) && typeof statement.id === 'string' ? [statement.id] : [],
  );
}

function columnLabel(column: JdmTableColumn): string {
  return column.name.trim() || column.field?.trim() || column.id;
}

function ruleLabel(rule: JdmRule, index: number): string {
  const description = rule._description?.trim();
  return description ? description : `rule ${index + 1}`;
}

function derivationFormula(node: JdmNode, step: JdmTraceStep): string {
  switch (node.type) {
    case 'inputNode':
      return 'model inputs';
    case 'outputNode':
      return 'graph output';
    case 'expressionNode':
      return node.content.expressions
        .filter((expression) => expression.value.trim() !== '')
        .map((expression) => `${expression.key} = ${expression.value}`)
        .join('; ');
    case 'decisionTableNode': {
      const matched = [...matchedRuleIndexes(step.trace_data)].sort((a, b) => a - b);
      const matchedLabels = matched.map((index) => JSON.stringify(ruleLabel(node.content.rules[index] ?? {}, index)));
      const outcome = matched.length === 0 ? 'no rule matched' : `matched ${matchedLabels.join(', ')}`;
      const shape = `hit policy ${node.content.hitPolicy}, ${node.content.rules.length} rules`;
      return `decision table "${node.name}" (${shape}): ${outcome}`;
    }
    case 'switchNode': {
      const taken = takenStatementIds(step.trace_data).map((statementId) => {
        const condition = node.content.statements.find((statement) => statement.id === statementId)?.condition ?? '';
        return condition.trim() === '' ? 'default branch' : condition;
      });
      return `switch "${node.name}": ${taken.length === 0 ? 'no branch taken' : taken.join(' | ')}`;
    }
  }
}

/**
 * Turns a graph's evaluation into the service's model result:
 * - metrics: the output flattened (see `flattenToMetrics`);
 * - alternatives: every decision-table rule, `chosen` when the trace shows it matched (left unset for tables the
 *   evaluation did not reach); criteria: the tables' input columns;
 * - derivation: one step per evaluated node, in evaluation order; details: the node list and the trace.
 */
export function jdmResultToModelResult(graph: JdmGraph, evaluation: JdmEvaluation): ModelResult {
  const nodesById = new Map(graph.nodes.map((node) => [node.id, node]));
  const stepsByNode = new Map(evaluation.trace.map((step) => [step.node_id, step]));

  const output = flatten(evaluation.result, 'omit');
  const notes: Note[] = [
    {
      kind: 'info',
      message:
        'Evaluated as a JDM decision graph by the GoRules ZEN engine ' +
        `(@gorules/zen-engine ${zenEnginePackage.version}).`,
    },
  ];
  if (output.nullPaths.length > 0) {
    notes.push({
      kind: 'warning',
      message: `Output fields with no value (null), not reported as metrics: ${output.nullPaths.join(', ')}.`,
    });
  }
  if (output.arrayPaths.length > 0) {
    notes.push({
      kind: 'info',
      message: `Output lists, not reported as metrics (see decision_structure.details.output): ${output.arrayPaths.join(', ')}.`,
    });
  }

  const alternatives: DecisionStructure['alternatives'] = [];
  const criteria: DecisionStructure['criteria'] = [];
  for (const node of graph.nodes) {
    if (node.type !== 'decisionTableNode') continue;
    const step = stepsByNode.get(node.id);
    const matched = step ? matchedRuleIndexes(step.trace_data) : undefined;
    if (step && matched?.size === 0) {
      notes.push({ kind: 'warning', message: `Decision table "${node.name}" matched no rule.` });
    }
    for (const column of node.content.inputs) {
      criteria.push({ id: `${node.id}/${column.id}`, label: columnLabel(column) });
    }
    node.content.rules.forEach((rule, index) => {
      const values: Record<string, MetricValue> = {};
      for (const column of node.content.inputs) values[columnLabel(column)] = rule[column.id] ?? '';
      for (const column of node.content.outputs) {
        const key = column.field ?? columnLabel(column);
        values[Object.hasOwn(values, key) ? `${key} (output)` : key] = rule[column.id] ?? '';
      }
      const alternative: DecisionStructure['alternatives'][number] = {
        id: `${node.id}/${rule._id ?? String(index + 1)}`,
        label: `${node.name}: ${ruleLabel(rule, index)}`,
        values,
      };
      if (matched) alternative.chosen = matched.has(index);
      alternatives.push(alternative);
    });
  }

  const derivation: DecisionStructure['derivation'] = evaluation.trace.map((step) => {
    const node = nodesById.get(step.node_id);
    // The output node's trace output is empty; what it received is the graph's result.
    const value = flatten(node?.type === 'outputNode' ? step.input : step.output, 'index').values;
    return {
      step: `${step.name} (${step.kind})`,
      formula: node ? derivationFormula(node, step) : step.kind,
      value,
    };
  });

  return {
    metrics: output.values,
    decision_structure: {
      alternatives,
      criteria,
      derivation,
      details: {
        graph: graph.nodes.map((node) => ({ id: node.id, name: node.name, kind: node.type })),
        // The output as the graph produced it: typed values, nested objects and lists kept.
        output: evaluation.result,
        trace: evaluation.trace,
      },
    },
    notes,
    hits: jdmEvaluationHits(graph, evaluation),
  };
}
