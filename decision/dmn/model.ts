/**
 * The DMN document as read from XML (DMN 1.1–1.5), before compilation: DRG elements, item definitions and boxed
 * expressions, with references still as hrefs and FEEL still as text.
 */

export interface ElementRef {
  readonly id: string | null;
  readonly name: string | null;
}

export interface TypedName {
  readonly name: string;
  readonly typeRef: string | null;
}

interface ExpressionBase {
  readonly id: string | null;
  readonly typeRef: string | null;
}

export interface LiteralExpressionNode extends ExpressionBase {
  readonly kind: 'literalExpression';
  readonly text: string;
}

export interface ContextEntryNode {
  readonly id: string | null;
  /** Absent on the final result entry. */
  readonly variable: TypedName | null;
  readonly value: ExpressionNode | null;
}

export interface ContextNode extends ExpressionBase {
  readonly kind: 'context';
  readonly entries: readonly ContextEntryNode[];
}

export interface ListNode extends ExpressionBase {
  readonly kind: 'list';
  readonly items: readonly ExpressionNode[];
}

export interface RelationNode extends ExpressionBase {
  readonly kind: 'relation';
  readonly columns: readonly TypedName[];
  readonly rows: ReadonlyArray<ReadonlyArray<ExpressionNode | null>>;
}

export interface InvocationNode extends ExpressionBase {
  readonly kind: 'invocation';
  readonly callee: ExpressionNode | null;
  readonly bindings: ReadonlyArray<{ readonly name: string; readonly value: ExpressionNode | null }>;
}

export interface FunctionDefinitionNode extends ExpressionBase {
  readonly kind: 'functionDefinition';
  readonly functionKind: string;
  readonly params: readonly TypedName[];
  readonly body: ExpressionNode | null;
}

export interface ConditionalNode extends ExpressionBase {
  readonly kind: 'conditional';
  readonly condition: ExpressionNode | null;
  readonly then: ExpressionNode | null;
  readonly otherwise: ExpressionNode | null;
}

export interface FilterNode extends ExpressionBase {
  readonly kind: 'filter';
  readonly source: ExpressionNode | null;
  readonly match: ExpressionNode | null;
}

export interface IteratorNode extends ExpressionBase {
  readonly kind: 'for' | 'some' | 'every';
  readonly variable: string;
  readonly source: ExpressionNode | null;
  /** `return` for `for`, `satisfies` for some/every. */
  readonly body: ExpressionNode | null;
}

export interface DecisionTableInput {
  readonly id: string | null;
  readonly label: string | null;
  readonly expression: string;
  readonly typeRef: string | null;
  readonly inputValues: string | null;
}

export interface DecisionTableOutput {
  readonly id: string | null;
  readonly name: string | null;
  readonly typeRef: string | null;
  readonly outputValues: string | null;
  readonly defaultOutputEntry: string | null;
}

export interface DecisionTableRule {
  readonly id: string | null;
  readonly inputEntries: readonly string[];
  readonly outputEntries: readonly string[];
}

export interface DecisionTableNode extends ExpressionBase {
  readonly kind: 'decisionTable';
  readonly hitPolicy: string;
  readonly aggregation: string | null;
  readonly inputs: readonly DecisionTableInput[];
  readonly outputs: readonly DecisionTableOutput[];
  readonly rules: readonly DecisionTableRule[];
}

/** A boxed expression kind this engine does not know; evaluates to null and is reported at compile time. */
export interface UnsupportedNode extends ExpressionBase {
  readonly kind: 'unsupported';
  readonly element: string;
}

export type ExpressionNode =
  | LiteralExpressionNode
  | ContextNode
  | ListNode
  | RelationNode
  | InvocationNode
  | FunctionDefinitionNode
  | ConditionalNode
  | FilterNode
  | IteratorNode
  | DecisionTableNode
  | UnsupportedNode;

export interface InputDataNode {
  readonly id: string;
  readonly name: string;
  readonly typeRef: string | null;
}

export interface Requirements {
  readonly requiredDecisions: readonly string[];
  readonly requiredInputs: readonly string[];
  readonly requiredKnowledge: readonly string[];
}

export interface DecisionNode extends Requirements {
  readonly id: string;
  readonly name: string;
  readonly typeRef: string | null;
  readonly expression: ExpressionNode | null;
}

export interface BusinessKnowledgeModelNode {
  readonly id: string;
  readonly name: string;
  readonly typeRef: string | null;
  readonly params: readonly TypedName[];
  readonly body: ExpressionNode | null;
  readonly requiredKnowledge: readonly string[];
}

export interface DecisionServiceNode {
  readonly id: string;
  readonly name: string;
  readonly typeRef: string | null;
  readonly outputDecisions: readonly string[];
  readonly encapsulatedDecisions: readonly string[];
  readonly inputDecisions: readonly string[];
  readonly inputData: readonly string[];
}

export interface ItemDefinitionNode {
  readonly id: string | null;
  readonly name: string;
  readonly typeRef: string | null;
  readonly isCollection: boolean;
  readonly allowedValues: string | null;
  readonly typeConstraint: string | null;
  readonly components: readonly ItemDefinitionNode[];
  readonly functionItem: { readonly params: readonly TypedName[]; readonly outputTypeRef: string | null } | null;
}

export interface ImportNode {
  readonly namespace: string;
  readonly name: string;
  readonly importType: string;
  readonly locationURI: string | null;
}

export interface DefinitionsNode {
  readonly id: string | null;
  readonly name: string;
  readonly namespace: string;
  readonly dmnVersion: string;
  readonly imports: readonly ImportNode[];
  readonly itemDefinitions: readonly ItemDefinitionNode[];
  readonly inputData: readonly InputDataNode[];
  readonly decisions: readonly DecisionNode[];
  readonly businessKnowledgeModels: readonly BusinessKnowledgeModelNode[];
  readonly decisionServices: readonly DecisionServiceNode[];
}
