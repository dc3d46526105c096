import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Knex } from 'knex';
import { checkUpload } from '../../api/models/check-upload';
import { blankDmnModel, blankJdmModel } from '../../decision/blank-models';
import { createModelCatalogue } from '../../decision/catalogue';
import { dmnSourceOf } from '../../decision/dmn-source';
import { createExpressionSandbox } from '../../integrations/expression-sandbox';

/** A JDM upload never reads the database (DMN imports do): reaching it here is a failure. */
const NO_DATABASE = new Proxy(
  {},
  {
    get() {
      throw new Error('a JDM upload check read the database');
    },
  },
) as Knex;

describe('blank models (the console’s "New model" templates)', () => {
  const sandbox = createExpressionSandbox({ budgetMs: 5000, processes: 1 });
  after(() => sandbox.close());
  const deps = {
    db: NO_DATABASE,
    catalogue: createModelCatalogue(),
    sandbox,
    releaseReviews: () => {
      throw new Error('not used');
    },
  };

  it('the blank JDM graph passes the upload checks: input → empty decision table → output', async () => {
    const blank = blankJdmModel();
    const checked = await checkUpload(deps, 'ten_unit', blank);
    assert.equal(checked.format, 'jdm');
    const nodes = (blank.graph.nodes as Array<{ type: string; content?: { rules: unknown[] } }>).map((n) => n.type);
    assert.deepEqual(nodes, ['inputNode', 'decisionTableNode', 'outputNode']);
    assert.equal((blank.graph.edges as unknown[]).length, 2);
    const table = (blank.graph.nodes as Array<{ content?: { rules: unknown[] } }>)[1];
    assert.deepEqual(table?.content?.rules, []);
  });

  it('the blank DMN model compiles (DMN 1.3, one decision with an empty table) and runs', async () => {
    const xml = blankDmnModel('Fees & <charges>', 'https://models.example/blank/1');
    assert.match(xml, /xmlns="https:\/\/www\.omg\.org\/spec\/DMN\/20191111\/MODEL\/"/);
    assert.match(xml, /<dmndi:DMNShape id="decision_shape" dmnElementRef="decision">/);
    const compiled = await sandbox.run('compileDmnModel', { xml, imports: [] });
    assert.ok(compiled.ok, JSON.stringify(compiled));
    if (!compiled.ok) return;
    assert.equal(compiled.name, 'Fees & <charges>');
    assert.equal(compiled.namespace, 'https://models.example/blank/1');
    assert.deepEqual(
      compiled.decisions.map((d) => [d.name, d.expressionKind]),
      [['decision', 'decisionTable']],
    );
    const run = await sandbox.run('dryRunDmn', { source: dmnSourceOf(xml, []), inputs: { input: 'x' } });
    assert.deepEqual(run, { ok: true, outputs: { decision: null } });
  });

  it('the blank DMN model opens as dmn-js opens a document (dmn-moddle): no warning, its DRD shapes resolved', async () => {
    const { DmnModdle } = await import('dmn-moddle');
    const { rootElement, warnings } = await new DmnModdle().fromXML(blankDmnModel('Fees', 'urn:uuid:blank'));
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      (rootElement.drgElement ?? []).map((element) => `${element.$type}:${element.id}`),
      ['dmn:InputData:input', 'dmn:Decision:decision'],
    );
    assert.equal(rootElement.drgElement?.[1]?.decisionLogic?.$type, 'dmn:DecisionTable');
    const diagram = (
      rootElement.dmnDI as {
        diagrams: Array<{ diagramElements: Array<{ $type: string; dmnElementRef?: { id: string } }> }>;
      }
    ).diagrams[0];
    assert.deepEqual(
      diagram?.diagramElements.map((element) => `${element.$type}->${element.dmnElementRef?.id}`),
      ['dmndi:DMNShape->decision', 'dmndi:DMNShape->input', 'dmndi:DMNEdge->decision_requires_input'],
    );
  });
});
