import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simulationMarks } from '../../console-app/editor/simulator/simulation-marks';

/**
 * What the JDM editor page lights for a run (console-app/editor/simulator/simulation-marks.ts; use-simulation-marks.ts
 * lays it on the DOM): the nodes that ran, each matched rule at its position in the graph the editor holds now (found
 * by its id, so a row moved after the run keeps its light and a deleted one has none), each switch branch taken by its
 * id, and the node a failed run stopped at. The DOM side is checked in Chromium
 * (test/console/console-model-simulator.test.ts).
 */

const rules = (...ids: string[]) => ids.map((_id) => ({ _id, tier: '"gold"' }));

function graph(tableRules: Array<{ _id?: string }>, statements: Array<{ id: string }> = []) {
  return {
    nodes: [
      { id: 'in', name: 'Request', type: 'inputNode', position: { x: 0, y: 0 } },
      { id: 'route', name: 'Route', type: 'switchNode', position: { x: 0, y: 0 }, content: { statements } },
      {
        id: 'table',
        name: 'Discounts',
        type: 'decisionTableNode',
        position: { x: 0, y: 0 },
        content: { rules: tableRules },
      },
      { id: 'out', name: 'Response', type: 'outputNode', position: { x: 0, y: 0 } },
    ],
    edges: [],
  };
}

const run = {
  outputs: { rate: 0.2 },
  trace: [
    { node_id: 'in', name: 'Request', kind: 'inputNode', output: {} },
    {
      node_id: 'route',
      name: 'Route',
      kind: 'switchNode',
      output: {},
      taken_branches: [{ id: 's2', condition: 'x > 1' }],
    },
    {
      node_id: 'table',
      name: 'Discounts',
      kind: 'decisionTableNode',
      output: {},
      matched_rules: [
        { index: 1, id: 'r2' },
        { index: 3, id: 'r4' },
      ],
    },
    { name: 'a step without a node', kind: 'expression', output: {} },
    { node_id: 'out', name: 'Response', kind: 'outputNode', output: {} },
  ],
};

describe('the simulator’s marks on the JDM editor', () => {
  it('lights every node that ran, each matched rule at its row and each branch taken, by their ids', () => {
    const marks = simulationMarks(run, graph(rules('r1', 'r2', 'r3', 'r4'), [{ id: 's1' }, { id: 's2' }]));
    assert.deepEqual(
      marks.nodes.map((node) => [node.nodeId, node.state]),
      [
        ['in', 'ran'],
        ['route', 'ran'],
        ['table', 'ran'],
        ['out', 'ran'],
      ],
    );
    assert.deepEqual(marks.rows, [
      { nodeId: 'table', index: 1 },
      { nodeId: 'table', index: 3 },
    ]);
    assert.deepEqual(marks.statements, [{ nodeId: 'route', index: 1 }]);
  });

  it('follows a rule moved after the run and lights nothing for a rule or branch deleted since', () => {
    const moved = simulationMarks(run, graph(rules('r4', 'r1', 'r3'), [{ id: 's2' }]));
    assert.deepEqual(moved.rows, [{ nodeId: 'table', index: 0 }], 'r4 moved to the top; r2 deleted');
    assert.deepEqual(moved.statements, [{ nodeId: 'route', index: 0 }]);
    const gone = simulationMarks(run, graph(rules('r1'), []));
    assert.deepEqual(gone.rows, []);
    assert.deepEqual(gone.statements, []);
  });

  it('places a rule without an id by its index, within the table', () => {
    const withoutIds = {
      trace: [
        {
          node_id: 'table',
          name: 'Discounts',
          kind: 'decisionTableNode',
          output: {},
          matched_rules: [
            { index: 2, id: null },
            { index: 9, id: null },
          ],
        },
      ],
    };
    assert.deepEqual(simulationMarks(withoutIds, graph([{}, {}, {}])).rows, [{ nodeId: 'table', index: 2 }]);
  });

  it('marks the node a failed run stopped at, with the error as its title, and nothing for no run', () => {
    const failed = {
      trace: [{ node_id: 'in', name: 'Request', kind: 'inputNode', output: {} }],
      error: { code: 'evaluation_failed', message: 'division by zero', node_id: 'table' },
    };
    assert.deepEqual(simulationMarks(failed, graph(rules('r1'))).nodes, [
      { nodeId: 'in', state: 'ran' },
      { nodeId: 'table', state: 'failed', title: 'The run stopped here: division by zero' },
    ]);
    const failedAtRan = simulationMarks({ ...failed, error: { ...failed.error, node_id: 'in' } }, graph([]));
    assert.deepEqual(failedAtRan.nodes, [
      { nodeId: 'in', state: 'failed', title: 'The run stopped here: division by zero' },
    ]);
    assert.deepEqual(simulationMarks(undefined, graph(rules('r1'))), { nodes: [], rows: [], statements: [] });
  });
});
