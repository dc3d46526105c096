/**
 * The node kinds the service's JDM engine runs (decision/jdm.ts, SUPPORTED_NODE_KINDS): only these can be added in
 * the editor. The others are listed disabled, with the engine's reason; the server stays the judge (a graph holding
 * one is refused on save with a 422 naming the node).
 */
export type SupportedNodeKind = 'inputNode' | 'outputNode' | 'decisionTableNode' | 'expressionNode' | 'switchNode';

export interface NodeKindEntry {
  kind: SupportedNodeKind;
  label: string;
  description: string;
}

export const SUPPORTED_NODE_KINDS: readonly NodeKindEntry[] = [
  { kind: 'inputNode', label: 'Request (input)', description: "The model's input, as the input schema describes it" },
  { kind: 'decisionTableNode', label: 'Decision table', description: 'Rules over input columns, with a hit policy' },
  { kind: 'expressionNode', label: 'Expression', description: 'Computed fields, one expression each' },
  { kind: 'switchNode', label: 'Switch', description: 'Branches on conditions' },
  { kind: 'outputNode', label: 'Response (output)', description: "The model's output" },
];

export interface UnsupportedNodeKind {
  kind: string;
  label: string;
  reason: string;
}

export const UNSUPPORTED_NODE_KINDS: readonly UnsupportedNodeKind[] = [
  {
    kind: 'functionNode',
    label: 'Function',
    reason:
      'Not run by this service: JavaScript functions can read the clock and are cut off by a wall-clock timeout, so results would not be reproducible. Use an expression or a decision table.',
  },
  {
    kind: 'decisionNode',
    label: 'Decision (sub-graph)',
    reason: 'Not run by this service: calls to other stored graphs are not supported. Inline the sub-graph.',
  },
  { kind: 'customNode', label: 'Custom', reason: 'Not run by this service: custom nodes have no engine here.' },
];

const SUPPORTED = new Set<string>(SUPPORTED_NODE_KINDS.map((entry) => entry.kind));

export const isSupportedKind = (kind: string | undefined): kind is SupportedNodeKind =>
  kind !== undefined && SUPPORTED.has(kind);

export const reasonFor = (kind: string | undefined): string =>
  UNSUPPORTED_NODE_KINDS.find((entry) => entry.kind === kind)?.reason ??
  `Nodes of kind ${kind ?? '(none)'} are not run by this service.`;
