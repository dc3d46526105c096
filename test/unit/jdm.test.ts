import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  JdmEvaluationError,
  evaluateJdm,
  jdmResultToModelResult,
  loadJdmGraph,
  type CompiledJdm,
  type JdmLoadError,
} from '../../decision/jdm';
import { runSimulationAsync } from '../../decision/simulation';
import type { ModelInputs } from '../../decision/types';

function fixture(name: string): any {
  return JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'jdm', `${name}.json`), 'utf8'));
}

async function compile(content: unknown): Promise<CompiledJdm> {
  const loaded = await loadJdmGraph(content);
  assert.ok(loaded.ok, loaded.ok ? '' : JSON.stringify(loaded.errors));
  return loaded.decision;
}

async function loadErrors(content: unknown, options?: { pointerPrefix?: string }): Promise<JdmLoadError[]> {
  const loaded = await loadJdmGraph(content, options);
  assert.equal(loaded.ok, false, 'expected the graph to be rejected');
  return loaded.ok ? [] : loaded.errors;
}

function assertHasError(errors: JdmLoadError[], path: string, message: RegExp) {
  assert.ok(
    errors.some((error) => error.path === path && message.test(error.message)),
    `no error at ${path} matching ${message}; got ${JSON.stringify(errors, null, 2)}`,
  );
}

/** A minimal valid graph: request → expression → response, to be broken one way at a time. */
function simpleGraph(): any {
  return {
    nodes: [
      { id: 'in', type: 'inputNode', name: 'Request' },
      {
        id: 'calc',
        type: 'expressionNode',
        name: 'Calc',
        content: { expressions: [{ id: 'x', key: 'y', value: 'a + 1' }] },
      },
      { id: 'out', type: 'outputNode', name: 'Response' },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 'calc' },
      { id: 'e2', sourceId: 'calc', targetId: 'out' },
    ],
  };
}

/** request → switch: `kind == "list"` → collect table → response; default → expression → response. */
function collectGraph(): any {
  return {
    nodes: [
      { id: 'in', type: 'inputNode', name: 'Request' },
      {
        id: 'route',
        type: 'switchNode',
        name: 'Route',
        content: {
          hitPolicy: 'first',
          statements: [
            { id: 'list', condition: 'kind == "list"' },
            { id: 'else', condition: '' },
          ],
        },
      },
      {
        id: 'perks',
        type: 'decisionTableNode',
        name: 'Perks',
        content: {
          hitPolicy: 'collect',
          inputs: [{ id: 'spend', name: 'Annual spend', field: 'spend' }],
          outputs: [{ id: 'perk', name: 'Perk', field: 'perk' }],
          rules: [
            { _id: 'shipping', spend: '>= 100', perk: '"free shipping"' },
            { _id: 'lounge', spend: '>= 1000', perk: '"lounge access"' },
            { _id: 'gift', spend: '>= 5000', perk: '"gift"' },
          ],
        },
      },
      {
        id: 'none',
        type: 'expressionNode',
        name: 'No perks',
        content: { expressions: [{ id: 'n', key: 'perk_count', value: '0' }] },
      },
      { id: 'out', type: 'outputNode', name: 'Response' },
    ],
    edges: [
      { id: 'e1', sourceId: 'in', targetId: 'route' },
      { id: 'e2', sourceId: 'route', sourceHandle: 'list', targetId: 'perks' },
      { id: 'e3', sourceId: 'route', sourceHandle: 'else', targetId: 'none' },
      { id: 'e4', sourceId: 'perks', targetId: 'out' },
      { id: 'e5', sourceId: 'none', targetId: 'out' },
    ],
  };
}

describe('JDM fixtures evaluate to hand-computed outputs', () => {
  it('discount by tier and order size (decision table, first hit)', async () => {
    const compiled = await compile(fixture('discount-by-tier'));
    const cases: Array<[ModelInputs, number, string]> = [
      [{ tier: 'gold', quantity: 150 }, 0.2, 'gold bulk'],
      [{ tier: 'gold', quantity: 10 }, 0.1, 'gold'],
      [{ tier: 'silver', quantity: 100 }, 0.1, 'silver bulk'],
      [{ tier: 'silver', quantity: 20 }, 0.05, 'silver'],
      [{ tier: 'bronze', quantity: 600 }, 0.05, 'very large'],
      [{ tier: 'bronze', quantity: 10 }, 0, 'standard'],
    ];
    for (const [inputs, rate, segment] of cases) {
      const { result } = await evaluateJdm(compiled, inputs);
      assert.deepEqual(result, { discount: { rate }, segment }, JSON.stringify(inputs));
    }
  });

  it('order total (expression node, later rows reading earlier ones through $)', async () => {
    const compiled = await compile(fixture('order-total'));
    // 19.99 · 3 = 59.97; · 0.2 = 11.994; sum 71.964. The engine computes in decimal, so no binary rounding.
    assert.deepEqual((await evaluateJdm(compiled, { price: 19.99, quantity: 3, tax_rate: 0.2 })).result, {
      subtotal: 59.97,
      tax: 11.994,
      total: 71.964,
      large_order: false,
    });
    assert.deepEqual((await evaluateJdm(compiled, { price: 400, quantity: 3, tax_rate: 0.25 })).result, {
      subtotal: 1200,
      tax: 300,
      total: 1500,
      large_order: true,
    });
  });

  it('shipping by destination (switch node, first hit, default branch)', async () => {
    const compiled = await compile(fixture('shipping-by-destination'));
    assert.deepEqual((await evaluateJdm(compiled, { destination: 'domestic', weight_kg: 2 })).result, {
      shipping_cost: 8,
      carrier: 'national post',
    });
    assert.deepEqual((await evaluateJdm(compiled, { destination: 'international', weight_kg: 2.5 })).result, {
      shipping_cost: 30,
      carrier: 'courier',
    });
    // The manual-quote branch sets shipping_cost to null, which the engine drops from the output.
    assert.deepEqual((await evaluateJdm(compiled, { destination: 'mars', weight_kg: 2 })).result, {
      carrier: 'manual quote',
    });
  });
});

describe('evaluateJdm trace', () => {
  it('lists the evaluated nodes in evaluation order, with kinds', async () => {
    const compiled = await compile(fixture('shipping-by-destination'));
    const { trace } = await evaluateJdm(compiled, { destination: 'international', weight_kg: 1 });
    assert.deepEqual(
      trace.map((step) => [step.node_id, step.name, step.kind]),
      [
        ['request', 'Request', 'inputNode'],
        ['route', 'Destination', 'switchNode'],
        ['international-rate', 'International rate', 'expressionNode'],
        ['response', 'Response', 'outputNode'],
      ],
    );
    assert.deepEqual(trace[0]!.output, { destination: 'international', weight_kg: 1 });
    assert.deepEqual(trace[2]!.output, { shipping_cost: 24, carrier: 'courier' });
    assert.match(trace[2]!.performance ?? '', /s$/);
    assert.deepEqual(trace[1]!.trace_data, { statements: [{ id: 'international' }] });
  });
});

describe('evaluateJdm errors', () => {
  it('surfaces an engine failure as JdmEvaluationError naming the node', async () => {
    const compiled = await compile(fixture('order-total'));
    await assert.rejects(evaluateJdm(compiled, { price: 'abc', quantity: 2, tax_rate: 0.1 }), (error: unknown) => {
      assert.ok(error instanceof JdmEvaluationError);
      assert.equal(error.nodeId, 'totals');
      assert.match(error.message, /Order totals/);
      assert.match(error.message, /price \* quantity/);
      assert.doesNotMatch(error.message, /Stack backtrace/);
      assert.deepEqual(
        error.trace.map((step) => step.node_id),
        ['request', 'totals'],
      );
      return true;
    });
  });
});

describe('loadJdmGraph rejects invalid graphs with JSON Pointer paths', () => {
  it('reports every problem in the invalid fixture at once', async () => {
    const errors = await loadErrors(fixture('invalid-graph'));
    assertHasError(errors, '/graph/nodes/3/id', /duplicate node id "totals".*\/graph\/nodes\/2\/id/);
    assertHasError(errors, '/graph/nodes/4/type', /function nodes are not supported/);
    assertHasError(errors, '/graph/nodes/1/type', /exactly one inputNode/);
    assertHasError(errors, '/graph/edges/1/targetId', /unknown node "nowhere"/);
    assertHasError(errors, '/graph/nodes/2/content/expressions/0/value', /does not parse/);
  });

  it('rejects documents that are not graphs', async () => {
    assertHasError(await loadErrors('nodes'), '/graph', /must be an object/);
    assertHasError(await loadErrors([]), '/graph', /must be an object/);
    const errors = await loadErrors({ nodes: {} });
    assertHasError(errors, '/graph/nodes', /must be an array/);
    assertHasError(errors, '/graph/edges', /required/);
  });

  it('requires an input node and an output node', async () => {
    const graph = simpleGraph();
    graph.nodes = [graph.nodes[1]];
    graph.edges = [];
    const errors = await loadErrors(graph);
    assertHasError(errors, '/graph/nodes', /exactly one inputNode; it has none/);
    assertHasError(errors, '/graph/nodes', /at least one outputNode/);
  });

  it('requires node ids, names and known types', async () => {
    const graph = simpleGraph();
    graph.nodes.push({ type: 'expressionNode', name: 'Nameless id', content: { expressions: [] } });
    graph.nodes.push({ id: 'n2', type: 'expressionNode', content: { expressions: [] } });
    graph.nodes.push({ id: 'n3', type: 'decisionNode', name: 'Sub-decision', content: { key: 'other.json' } });
    graph.nodes.push({ id: 'n4', type: 'mysteryNode', name: 'Mystery' });
    const errors = await loadErrors(graph);
    assertHasError(errors, '/graph/nodes/3/id', /id is required/);
    assertHasError(errors, '/graph/nodes/4/name', /name is required/);
    assertHasError(errors, '/graph/nodes/5/type', /decision nodes .* not supported/);
    assertHasError(errors, '/graph/nodes/6/type', /unknown node type "mysteryNode"/);
  });

  it('reports a cycle at the edge that closes it', async () => {
    const graph = simpleGraph();
    graph.nodes.push({ id: 'calc2', type: 'expressionNode', name: 'Calc 2', content: { expressions: [] } });
    graph.edges.push(
      { id: 'e3', sourceId: 'calc', targetId: 'calc2' },
      { id: 'e4', sourceId: 'calc2', targetId: 'calc' },
    );
    assertHasError(await loadErrors(graph), '/graph/edges/3', /cycle: "Calc" → "Calc 2" → "Calc"/);
  });

  it('checks edge endpoints and switch branches', async () => {
    const graph = collectGraph();
    graph.edges[1].sourceHandle = 'no-such-statement';
    graph.edges.push(
      { id: 'e6', sourceId: 'ghost', targetId: 'out' },
      { id: 'e7', sourceId: 'out', targetId: 'in' },
      { id: 'e8', sourceId: 'in' },
    );
    const errors = await loadErrors(graph);
    assertHasError(errors, '/graph/edges/1/sourceHandle', /names no statement of switch node "Route"/);
    assertHasError(errors, '/graph/edges/5/sourceId', /unknown node "ghost"/);
    assertHasError(errors, '/graph/edges/6/sourceId', /output node cannot have outgoing edges/);
    assertHasError(errors, '/graph/edges/6/targetId', /input node cannot have incoming edges/);
    assertHasError(errors, '/graph/edges/7/targetId', /targetId is required/);
  });

  it('parses decision-table cells as the engine would, since a broken cell silently skips its rule', async () => {
    const graph = fixture('discount-by-tier');
    graph.nodes[1].content.rules[0].qty = '>> 100';
    graph.nodes[1].content.rules[1].rate = '0.1 +';
    graph.nodes[1].content.rules[2].tier = '"silver';
    const errors = await loadErrors(graph);
    assertHasError(errors, '/graph/nodes/1/content/rules/0/qty', /unary test ">> 100" does not parse/);
    assertHasError(errors, '/graph/nodes/1/content/rules/1/rate', /expression "0.1 \+" does not parse/);
    assertHasError(errors, '/graph/nodes/1/content/rules/2/tier', /does not parse/);
    assert.equal(errors.length, 3);
  });

  it('names every cell holding a broken text that is parsed once, in the cells’ order, with and without marks', async () => {
    // Texts of their own (the process keeps parse verdicts): `>> 1000…` here, nowhere else.
    const broken = (run: number) => {
      const graph = fixture('discount-by-tier');
      const rules = graph.nodes[1].content.rules;
      rules[0].qty = `>> 1000${run}`;
      rules[1].rate = `>> 1000${run}`; // the same text as an expression, not a unary test: a verdict of its own
      rules[2].qty = `>> 1000${run}`;
      rules[1].qty = '< 5';
      rules[2].tier = '"silver';
      return graph;
    };
    for (const run of [0, 1]) {
      const marked: string[] = [];
      const loaded = await loadJdmGraph(broken(run), run === 0 ? {} : { mark: (at: string) => marked.push(at) });
      assert.equal(loaded.ok, false);
      const errors = loaded.ok ? [] : loaded.errors;
      // Rule by rule, inputs (tier, qty) before outputs (rate): the order the cells are read in.
      assert.deepEqual(
        errors.map((error) => error.path),
        [
          '/graph/nodes/1/content/rules/0/qty',
          '/graph/nodes/1/content/rules/1/rate',
          '/graph/nodes/1/content/rules/2/tier',
          '/graph/nodes/1/content/rules/2/qty',
        ],
      );
      assertHasError(
        errors,
        '/graph/nodes/1/content/rules/2/qty',
        new RegExp(`unary test ">> 1000${run}" does not parse`),
      );
      assertHasError(
        errors,
        '/graph/nodes/1/content/rules/1/rate',
        new RegExp(`expression ">> 1000${run}" does not parse`),
      );
      if (run === 1) {
        assert.ok(marked.includes('/graph/nodes/1/content/rules/0/qty'), JSON.stringify(marked));
        assert.ok(!marked.includes('/graph/nodes/1/content/rules/2/qty'), 'a repeated text is parsed once');
      }
    }
    // Loaded again, the same texts are not parsed again (nothing marked), and every cell is still named.
    const marked: string[] = [];
    const again = await loadJdmGraph(broken(1), { mark: (at: string) => marked.push(at) });
    assert.equal(again.ok ? 0 : again.errors.length, 4);
    assert.ok(!marked.some((at) => at.includes('/content/rules/')), JSON.stringify(marked));
  });

  it('rejects expressions that read the clock or draw random numbers, and calls with the wrong arity', async () => {
    const graph = simpleGraph();
    graph.nodes[1].content.expressions = [
      { id: 'a', key: 'today', value: 'date("now")' },
      { id: 'b', key: 'roll', value: 'rand(6)' },
      { id: 'c', key: 'stamp', value: 'd()' },
      { id: 'd', key: 'fresh', value: 'd(when).isToday()' },
      { id: 'e', key: 'label', value: '"operand(s) now and d() then"' },
      { id: 'f', key: 'start', value: 'd("2024-01-01")' },
      { id: 'g', key: 'bad', value: 'date()' },
    ];
    const errors = await loadErrors(graph);
    const at = (index: number) => `/graph/nodes/1/content/expressions/${index}/value`;
    assertHasError(errors, at(0), /reads the clock \("now"\).*pass the value as an input/);
    assertHasError(errors, at(1), /draws a random number/);
    assertHasError(errors, at(2), /reads the clock/);
    assertHasError(errors, at(3), /reads the clock \(isToday\)/);
    assertHasError(errors, at(6), /does not parse: .*number of arguments/);
    assert.equal(errors.length, 5, JSON.stringify(errors));
  });

  it('checks decision-table structure and switch conditions', async () => {
    const graph = collectGraph();
    graph.nodes[1].content.statements[0].condition = 'kind ==';
    graph.nodes[2].content.hitPolicy = 'unique';
    graph.nodes[2].content.outputs[0] = { id: 'spend', name: 'Perk' };
    graph.nodes[2].content.rules[0].spend = 100;
    const errors = await loadErrors(graph);
    assertHasError(errors, '/graph/nodes/1/content/statements/0/condition', /does not parse/);
    assertHasError(errors, '/graph/nodes/2/content/hitPolicy', /"first" or "collect"/);
    assertHasError(errors, '/graph/nodes/2/content/outputs/0/field', /field is required/);
    assertHasError(errors, '/graph/nodes/2/content/rules/0/spend', /rule cells must be strings/);
  });

  it("keeps column ids unique across a table's inputs and outputs, since rules key cells by them", async () => {
    const graph = collectGraph();
    graph.nodes[2].content.outputs[0].id = 'spend';
    assertHasError(
      await loadErrors(graph),
      '/graph/nodes/2/content/outputs/0/id',
      /duplicate id "spend" \(also used at \/graph\/nodes\/2\/content\/inputs\/0\/id\)/,
    );
  });

  it('escapes JSON Pointer segments and honours a custom prefix', async () => {
    const graph = fixture('discount-by-tier');
    const table = graph.nodes[1].content;
    table.inputs[0].id = 'tier/level~1';
    for (const rule of table.rules) {
      rule['tier/level~1'] = rule.tier;
      delete rule.tier;
    }
    table.rules[0]['tier/level~1'] = '>>';
    const errors = await loadErrors(graph, { pointerPrefix: '' });
    assertHasError(errors, '/nodes/1/content/rules/0/tier~1level~01', /does not parse/);
  });

  it('accepts every fixture that is meant to be valid', async () => {
    for (const name of ['discount-by-tier', 'order-total', 'shipping-by-destination']) {
      const loaded = await loadJdmGraph(fixture(name));
      assert.ok(loaded.ok, `${name}: ${loaded.ok ? '' : JSON.stringify(loaded.errors)}`);
    }
  });
});

describe('jdmResultToModelResult', () => {
  it('turns a decision-table evaluation into metrics, rules as alternatives and a derivation', async () => {
    const compiled = await compile(fixture('discount-by-tier'));
    const evaluation = await evaluateJdm(compiled, { tier: 'gold', quantity: 10 });
    const model = jdmResultToModelResult(compiled.graph, evaluation);

    assert.deepEqual(model.metrics, { 'discount.rate': 0.1, segment: 'gold' });
    const { alternatives, criteria, derivation, details } = model.decision_structure;
    assert.equal(alternatives.length, 6);
    assert.deepEqual(
      alternatives.filter((alternative) => alternative.chosen).map((alternative) => alternative.id),
      ['discount-table/gold'],
    );
    assert.ok(alternatives.every((alternative) => alternative.chosen !== undefined));
    assert.deepEqual(alternatives[1], {
      id: 'discount-table/gold',
      label: 'Discount by tier and order size: Gold, any size',
      values: { 'Customer tier': '"gold"', 'Order quantity': '', 'discount.rate': '0.1', segment: '"gold"' },
      chosen: true,
    });
    assert.deepEqual(criteria, [
      { id: 'discount-table/tier', label: 'Customer tier' },
      { id: 'discount-table/qty', label: 'Order quantity' },
    ]);
    assert.deepEqual(
      derivation.map((step) => step.step),
      ['Request (inputNode)', 'Discount by tier and order size (decisionTableNode)', 'Response (outputNode)'],
    );
    assert.match(derivation[1]!.formula, /hit policy first, 6 rules\): matched "Gold, any size"/);
    assert.deepEqual(derivation[1]!.value, { 'discount.rate': 0.1, segment: 'gold' });
    assert.deepEqual(derivation[2]!.value, { 'discount.rate': 0.1, segment: 'gold' });
    assert.deepEqual(
      (details as any).graph.map((node: any) => node.kind),
      ['inputNode', 'decisionTableNode', 'outputNode'],
    );
    assert.equal((details as any).trace, evaluation.trace);
    assert.deepEqual(
      model.notes.map((note) => note.kind),
      ['info'],
    );
    assert.match(model.notes[0]!.message, /ZEN engine/);
  });

  it('shows expression text in the derivation and booleans as strings in metrics', async () => {
    const compiled = await compile(fixture('order-total'));
    const evaluation = await evaluateJdm(compiled, { price: 400, quantity: 3, tax_rate: 0.25 });
    const model = jdmResultToModelResult(compiled.graph, evaluation);
    assert.deepEqual(model.metrics, { subtotal: 1200, tax: 300, total: 1500, large_order: 'true' });
    assert.equal(
      model.decision_structure.derivation[1]!.formula,
      'subtotal = price * quantity; tax = $.subtotal * tax_rate; total = $.subtotal + $.tax; ' +
        'large_order = $.total > 1000',
    );
    assert.deepEqual(model.decision_structure.alternatives, []);
  });

  it('names the branch a switch took', async () => {
    const compiled = await compile(fixture('shipping-by-destination'));
    const evaluation = await evaluateJdm(compiled, { destination: 'mars', weight_kg: 1 });
    const model = jdmResultToModelResult(compiled.graph, evaluation);
    assert.equal(model.decision_structure.derivation[1]!.formula, 'switch "Destination": default branch');
    assert.deepEqual(model.metrics, { carrier: 'manual quote' });
  });

  it('marks every matching rule of a collect table, and wraps an array result', async () => {
    const compiled = await compile(collectGraph());
    const evaluation = await evaluateJdm(compiled, { kind: 'list', spend: 1500 });
    assert.deepEqual(evaluation.result, { result: [{ perk: 'free shipping' }, { perk: 'lounge access' }] });
    const model = jdmResultToModelResult(compiled.graph, evaluation);
    assert.deepEqual(model.metrics, {}, 'a list is not a metric');
    assert.deepEqual(model.decision_structure.details?.output, evaluation.result);
    assert.ok(
      model.notes.some((note) => note.kind === 'info' && /not reported as metrics.*: result\./.test(note.message)),
    );
    assert.deepEqual(
      model.decision_structure.alternatives.map((alternative) => [alternative.id, alternative.chosen]),
      [
        ['perks/shipping', true],
        ['perks/lounge', true],
        ['perks/gift', false],
      ],
    );
  });

  it('leaves `chosen` unset for tables not reached, and warns when a table matched nothing', async () => {
    const compiled = await compile(collectGraph());
    const bypassEvaluation = await evaluateJdm(compiled, { kind: 'other', spend: 1500 });
    const bypassed = jdmResultToModelResult(compiled.graph, bypassEvaluation);
    assert.deepEqual(bypassed.metrics, { perk_count: 0 });
    assert.ok(bypassed.decision_structure.alternatives.every((alternative) => !('chosen' in alternative)));

    const unmatched = jdmResultToModelResult(compiled.graph, await evaluateJdm(compiled, { kind: 'list', spend: 5 }));
    assert.deepEqual(unmatched.metrics, {});
    assert.ok(unmatched.decision_structure.alternatives.every((alternative) => alternative.chosen === false));
    assert.ok(unmatched.notes.some((note) => note.kind === 'warning' && /"Perks" matched no rule/.test(note.message)));
  });

  it('flattens nested output with dot keys, leaves lists out of the metrics and reports null fields instead of inventing values', () => {
    const model = jdmResultToModelResult(
      { nodes: [], edges: [] },
      { result: { a: null, b: { c: true, d: [1, 'x'], e: { f: 2 } } }, trace: [] },
    );
    assert.deepEqual(model.metrics, { 'b.c': 'true', 'b.e.f': 2 });
    assert.deepEqual(model.decision_structure.details?.output, { a: null, b: { c: true, d: [1, 'x'], e: { f: 2 } } });
    assert.ok(model.notes.some((note) => note.kind === 'warning' && /null.*: a\./.test(note.message)));
  });
});

describe('JDM models under Monte Carlo simulation', () => {
  it('runs through runSimulationAsync, reproducibly, and ranks the dominant input first', async () => {
    const compiled = await compile(fixture('order-total'));
    const options = {
      evaluate: async (inputs: ModelInputs) =>
        jdmResultToModelResult(compiled.graph, await evaluateJdm(compiled, inputs)),
      baseInputs: { price: 20, quantity: 10, tax_rate: 0.2 },
      uncertainty: {
        price: { dist: 'uniform' as const, min: 10, max: 30 },
        tax_rate: { dist: 'triangular' as const, min: 0.18, mode: 0.2, max: 0.22 },
      },
      runs: 300,
      seed: 11,
    };
    const result = await runSimulationAsync(options);
    assert.deepEqual(await runSimulationAsync(options), result);
    assert.deepEqual(Object.keys(result.metrics), ['subtotal', 'tax', 'total']);
    assert.deepEqual(result.non_numeric_metrics, ['large_order']);
    assert.ok(result.metrics.subtotal!.min >= 100 && result.metrics.subtotal!.max <= 300);
    assert.equal(result.sensitivity.total![0]!.input, 'price');
    assert.ok(result.sensitivity.total![0]!.correlation > 0.95);
  });
});
