import type { JdmGraph } from './jdm';

/** A decision table's rules or a switch's branches, as decision instances name them (`rule`: the id, or `#index`). */
export interface InventoryNode {
  node_id: string;
  name: string;
  kind: 'decision_table' | 'switch';
  rules: Array<{ rule: string; index: number; label: string }>;
}

/**
 * Every rule and branch of a graph (a DMN model's through dmnCoverageGraph), keyed as decision instances' hits key
 * them — what rule-hit analytics count, and what they list as never hit.
 */
export function ruleInventory(graph: JdmGraph): InventoryNode[] {
  return graph.nodes.flatMap((node): InventoryNode[] => {
    if (node.type === 'decisionTableNode')
      return [
        {
          node_id: node.id,
          name: node.name,
          kind: 'decision_table',
          rules: node.content.rules.map((rule, index) => ({
            rule: rule._id ?? `#${index}`,
            index,
            label: rule._description?.trim() || `rule ${index + 1}`,
          })),
        },
      ];
    if (node.type === 'switchNode')
      return [
        {
          node_id: node.id,
          name: node.name,
          kind: 'switch',
          rules: node.content.statements.map((statement, index) => ({
            rule: statement.id,
            index,
            label: statement.condition.trim() || 'default',
          })),
        },
      ];
    return [];
  });
}
