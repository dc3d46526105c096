/**
 * The blank models a new model starts from in the console (a JDM graph, a DMN model): one place, so the catalogue's
 * "New model" form and the unit test that compiles them (test/unit/blank-models.test.ts) read the same documents.
 * Both pass the upload checks as they are; the person fills the table in the editor.
 */

/** A JDM upload's content: the graph wired input → decision table → output; one optional input and output field. */
export function blankJdmModel(): {
  graph: Record<string, unknown>;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
} {
  return {
    graph: {
      nodes: [
        { id: 'request', type: 'inputNode', name: 'Request', position: { x: 80, y: 160 } },
        {
          id: 'decision-table',
          type: 'decisionTableNode',
          name: 'Decision table',
          position: { x: 380, y: 160 },
          content: {
            hitPolicy: 'first',
            inputs: [{ id: 'input-1', name: 'Input', field: 'input' }],
            outputs: [{ id: 'output-1', name: 'Output', field: 'output' }],
            rules: [],
          },
        },
        { id: 'response', type: 'outputNode', name: 'Response', position: { x: 680, y: 160 } },
      ],
      edges: [
        { id: 'request-decision-table', type: 'edge', sourceId: 'request', targetId: 'decision-table' },
        { id: 'decision-table-response', type: 'edge', sourceId: 'decision-table', targetId: 'response' },
      ],
    },
    input_schema: { type: 'object', properties: { input: { type: 'string' } } },
    output_schema: { type: 'object', properties: { output: { type: 'string' } } },
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A DMN 1.3 model (the version dmn-js models): one input data, one decision holding an empty decision table (one
 * input column reading the input data, one output column, no rule), and the DRD's diagram interchange (a shape for
 * each element and the requirement's edge), so dmn-js opens it on its DRD. `namespace` must be unique to the model
 * (other DMN models import a model by its namespace).
 */
export function blankDmnModel(name: string, namespace: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:dmndi="https://www.omg.org/spec/DMN/20191111/DMNDI/" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" xmlns:di="http://www.omg.org/spec/DMN/20180521/DI/" id="definitions" name="${escapeXml(name)}" namespace="${escapeXml(namespace)}">
  <inputData id="input" name="input">
    <variable id="input_variable" name="input" typeRef="string"/>
  </inputData>
  <decision id="decision" name="decision">
    <variable id="decision_variable" name="decision" typeRef="string"/>
    <informationRequirement id="decision_requires_input">
      <requiredInput href="#input"/>
    </informationRequirement>
    <decisionTable id="decision_table" hitPolicy="FIRST">
      <input id="input_column" label="Input">
        <inputExpression id="input_expression" typeRef="string"><text>input</text></inputExpression>
      </input>
      <output id="output_column" name="output" typeRef="string"/>
    </decisionTable>
  </decision>
  <dmndi:DMNDI>
    <dmndi:DMNDiagram id="drd">
      <dmndi:DMNShape id="decision_shape" dmnElementRef="decision">
        <dc:Bounds height="80" width="180" x="160" y="100"/>
      </dmndi:DMNShape>
      <dmndi:DMNShape id="input_shape" dmnElementRef="input">
        <dc:Bounds height="45" width="125" x="187" y="260"/>
      </dmndi:DMNShape>
      <dmndi:DMNEdge id="decision_requires_input_edge" dmnElementRef="decision_requires_input">
        <di:waypoint x="250" y="260"/>
        <di:waypoint x="250" y="180"/>
      </dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>
</definitions>
`;
}
