import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compileDmn,
  deriveSchemas,
  DmnModelError,
  evaluateDmn,
  FeelTimeoutError,
  inputsFromJson,
  invokeDecisionService,
  readDmnImports,
  type DmnModel,
  type DmnProblem,
} from '../../decision/dmn';
import { FeelNumber, type FeelValue } from '../../decision/dmn/feel-api';

const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';

function definitions(body: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${DMN15}" namespace="urn:test" name="test" id="defs" ${extra}>${body}</definitions>`;
}

function problemsOf(xml: string, options?: Parameters<typeof compileDmn>[1]): DmnProblem[] {
  try {
    compileDmn(xml, options);
  } catch (error) {
    assert.ok(error instanceof DmnModelError, `expected DmnModelError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail('expected the model to be refused');
}

const n = (value: number | string): FeelValue => new FeelNumber(value);

const LOAN = definitions(`
  <itemDefinition name="tRisk"><typeRef>string</typeRef><allowedValues><text>"Low","Medium","High"</text></allowedValues></itemDefinition>
  <inputData id="i_age" name="Applicant Age"><variable name="Applicant Age" typeRef="number"/></inputData>
  <inputData id="i_risk" name="Risk"><variable name="Risk" typeRef="tRisk"/></inputData>
  <decision id="d_status" name="Approval Status">
    <variable name="Approval Status" typeRef="string"/>
    <informationRequirement><requiredInput href="#i_age"/></informationRequirement>
    <informationRequirement><requiredInput href="#i_risk"/></informationRequirement>
    <decisionTable hitPolicy="UNIQUE">
      <input><inputExpression typeRef="number"><text>Applicant Age</text></inputExpression></input>
      <input><inputExpression typeRef="string"><text>Risk</text></inputExpression></input>
      <output name="status" typeRef="string"/>
      <rule id="r1"><inputEntry><text>&gt;= 18</text></inputEntry><inputEntry><text>"Low","Medium"</text></inputEntry><outputEntry><text>"Approved"</text></outputEntry></rule>
      <rule id="r2"><inputEntry><text>&lt; 18</text></inputEntry><inputEntry><text>-</text></inputEntry><outputEntry><text>"Declined"</text></outputEntry></rule>
      <rule id="r3"><inputEntry><text>&gt;= 18</text></inputEntry><inputEntry><text>"High"</text></inputEntry><outputEntry><text>"Declined"</text></outputEntry></rule>
    </decisionTable>
  </decision>
  <decision id="d_message" name="Message">
    <variable name="Message" typeRef="string"/>
    <informationRequirement><requiredDecision href="#d_status"/></informationRequirement>
    <knowledgeRequirement><requiredKnowledge href="#b_greet"/></knowledgeRequirement>
    <literalExpression><text>Greeting(Approval Status)</text></literalExpression>
  </decision>
  <businessKnowledgeModel id="b_greet" name="Greeting">
    <encapsulatedLogic><formalParameter name="s" typeRef="string"/><literalExpression><text>"Status: " + s</text></literalExpression></encapsulatedLogic>
  </businessKnowledgeModel>
  <decisionService id="s_status" name="Status Service">
    <outputDecision href="#d_status"/>
    <inputData href="#i_age"/>
    <inputData href="#i_risk"/>
  </decisionService>`);

describe('DMN engine: safe XML', () => {
  it('refuses DOCTYPE and ENTITY declarations before parsing (XXE, entity expansion)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE definitions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${definitions('<decision id="d" name="d"><literalExpression><text>"&xxe;"</text></literalExpression></decision>')}`;
    const [problem] = problemsOf(xxe);
    assert.match(problem?.message ?? '', /DOCTYPE/);
  });

  it('decodes numeric character references in names and FEEL text, as dmn-js and Camunda Modeler write them', () => {
    const model = compileDmn(
      definitions(
        '<decision id="d" name="Bob&#39;s &#x41;ge"><variable name="Bob&#39;s &#x41;ge"/><literalExpression><text>"caf&#233;" + &quot;&#x20;&amp;&quot;</text></literalExpression></decision>',
      ),
    );
    const { values } = evaluateDmn(model, new Map());
    assert.deepEqual([...values.entries()], [["Bob's Age", 'café &']]);
  });

  it('reports malformed XML as a problem', () => {
    const [problem] = problemsOf(definitions('<decision id="d" name="d"><literalExpression></decision>'));
    assert.match(problem?.message ?? '', /malformed XML/);
    assert.throws(() => readDmnImports('<definitions'), DmnModelError);
  });

  // Unterminated markup must be scanned in linear time: a quadratic scan of these megabyte inputs takes hours, so this
  // test's own timeout catches it, without a wall-clock deadline that a loaded machine could miss (it takes ~0.5 s idle).
  it('bounds the element depth and the size', { timeout: 120_000 }, () => {
    const deep = definitions(`${'<extensionElements>'.repeat(70)}${'</extensionElements>'.repeat(70)}`);
    assert.match(problemsOf(deep)[0]?.message ?? '', /nesting deeper than 64/);
    assert.match(problemsOf(LOAN, { maxBytes: 100 })[0]?.message ?? '', /larger than 100 bytes/);
    assert.doesNotThrow(() => compileDmn(deep, { maxDepth: 100 }));
    for (const hostile of ['<a'.repeat(500_000), '<a b="'.repeat(300_000)]) {
      assert.match(problemsOf(hostile)[0]?.message ?? '', /malformed XML/);
    }
  });
});

describe('DMN engine: compile-time problems', () => {
  it('names the element whose required input does not exist', () => {
    const problems = problemsOf(
      definitions(`
      <decision id="d1" name="Needs Input"><informationRequirement><requiredInput href="#missing"/></informationRequirement>
        <literalExpression><text>1</text></literalExpression></decision>`),
    );
    assert.deepEqual(
      problems.map((p) => [p.element_id, p.element_name]),
      [['d1', 'Needs Input']],
    );
    assert.match(problems[0]?.message ?? '', /required input "missing" not found/);
  });

  it('reports every FEEL syntax error with its element, not only the first', () => {
    const problems = problemsOf(
      definitions(`
      <decision id="d1" name="Broken"><literalExpression><text>1 +* 2</text></literalExpression></decision>
      <decision id="d2" name="Broken Table"><decisionTable><input><inputExpression><text>1</text></inputExpression></input>
        <output name="o"/><rule><inputEntry><text>[1..</text></inputEntry><outputEntry><text>"x"</text></outputEntry></rule></decisionTable></decision>`),
    );
    assert.deepEqual(
      problems.map((p) => p.element_id),
      ['d1', 'd2'],
    );
    assert.match(problems[0]?.message ?? '', /syntax/i);
    assert.match(problems[1]?.message ?? '', /rule 1, input entry 1/);
  });

  it('detects requirement cycles', () => {
    const problems = problemsOf(
      definitions(`
      <decision id="a" name="A"><informationRequirement><requiredDecision href="#b"/></informationRequirement><literalExpression><text>B</text></literalExpression></decision>
      <decision id="b" name="B"><informationRequirement><requiredDecision href="#a"/></informationRequirement><literalExpression><text>A</text></literalExpression></decision>`),
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.message ?? '', /requirement cycle: A → B → A/);
  });

  it('refuses an import whose model was not supplied, and resolves one that was', () => {
    const importing = definitions(`
      <import namespace="urn:lib" name="lib" importType="${DMN15}"/>
      <decision id="d" name="Uses Lib"><informationRequirement><requiredDecision href="urn:lib#base"/></informationRequirement>
        <literalExpression><text>lib.Base + 1</text></literalExpression></decision>`);
    assert.deepEqual(readDmnImports(importing), [
      { namespace: 'urn:lib', name: 'lib', importType: DMN15, locationURI: null },
    ]);
    const problems = problemsOf(importing);
    assert.equal(problems[0]?.message, 'imported model not found: namespace "urn:lib"');
    const lib = compileDmn(
      `<definitions xmlns="${DMN15}" namespace="urn:lib" name="lib"><decision id="base" name="Base"><literalExpression><text>41</text></literalExpression></decision></definitions>`,
    );
    const model = compileDmn(importing, { imports: new Map([['urn:lib', lib]]) });
    assert.deepEqual(evaluateDmn(model, new Map(), { decisions: ['Uses Lib'] }).values.get('Uses Lib'), n(42));
  });
});

describe('DMN engine: evaluation', () => {
  const model: DmnModel = compileDmn(LOAN);

  it('describes the model', () => {
    assert.equal(model.dmnVersion, '1.5');
    assert.deepEqual(
      model.inputData.map((i) => i.name),
      ['Applicant Age', 'Risk'],
    );
    assert.deepEqual(
      model.decisions.map((d) => [d.name, d.expressionKind]),
      [
        ['Approval Status', 'decisionTable'],
        ['Message', 'literalExpression'],
      ],
    );
    assert.deepEqual(model.decisionServices, [
      { id: 's_status', name: 'Status Service', inputs: ['Applicant Age', 'Risk'] },
    ]);
  });

  it('evaluates decisions with their requirements and traces matched rules', () => {
    const { values, trace } = evaluateDmn(
      model,
      new Map<string, FeelValue>([
        ['Applicant Age', n(30)],
        ['Risk', 'High'],
      ]),
      { decisions: ['Message'] },
    );
    assert.equal(values.get('Message'), 'Status: Declined');
    assert.deepEqual(
      trace.map((t) => [t.decision_name, t.output, t.hit_policy, t.matched_rules]),
      [
        ['Approval Status', 'Declined', 'UNIQUE', [{ index: 3, id: 'r3' }]],
        ['Message', 'Status: Declined', undefined, undefined],
      ],
    );
  });

  it('coerces inputs that do not conform to their type to null', () => {
    const { values } = evaluateDmn(
      model,
      new Map<string, FeelValue>([
        ['Applicant Age', n(30)],
        ['Risk', 'Unknown'],
      ]),
    );
    assert.equal(values.get('Approval Status'), null, 'a risk outside the allowed values is null, so no rule matches');
  });

  it('invokes a decision service directly', () => {
    assert.equal(
      invokeDecisionService(
        model,
        'Status Service',
        new Map<string, FeelValue>([
          ['Applicant Age', n(12)],
          ['Risk', 'Low'],
        ]),
      ),
      'Declined',
    );
  });

  it('converts JSON inputs by type and derives JSON Schemas', () => {
    const { inputs, problems } = inputsFromJson(model, { 'Applicant Age': 20, Risk: 'Medium', Extra: 1 });
    assert.deepEqual(inputs.get('Applicant Age'), n(20));
    assert.deepEqual(problems, [{ input: 'Extra', message: 'not an input data of this model' }]);
    const { input_schema, output_schema } = deriveSchemas(model);
    assert.deepEqual((input_schema.properties as Record<string, unknown>).Risk, {
      type: ['string', 'null'],
      enum: ['Low', 'Medium', 'High', null],
    });
    assert.deepEqual((output_schema.properties as Record<string, unknown>).Message, { type: ['string', 'null'] });
  });

  it('evaluates long requirement chains without exhausting the stack', () => {
    let body = '<decision id="d0" name="d0"><literalExpression><text>0</text></literalExpression></decision>';
    for (let i = 1; i < 3000; i++) {
      body += `<decision id="d${i}" name="d${i}"><informationRequirement><requiredDecision href="#d${i - 1}"/></informationRequirement><literalExpression><text>d${i - 1} + 1</text></literalExpression></decision>`;
    }
    const { values, trace } = evaluateDmn(compileDmn(definitions(body)), new Map(), { decisions: ['d2999'] });
    assert.deepEqual(values.get('d2999'), n(2999));
    assert.equal(trace.length, 3000);
    assert.deepEqual(trace[0]?.output, n(0), 'trace outputs are FEEL values');
  });

  it('reads DMN 1.1 models with XML Schema type names (as Camunda 7 exports them)', () => {
    const camunda =
      compileDmn(`<definitions xmlns="http://www.omg.org/spec/DMN/20151101/dmn.xsd" namespace="urn:c" name="c" id="c">
      <decision id="fee" name="Fee"><informationRequirement><requiredInput href="#amount"/></informationRequirement>
        <decisionTable id="t" hitPolicy="COLLECT" aggregation="SUM">
        <input id="in1"><inputExpression typeRef="integer"><text>amount</text></inputExpression></input>
        <output id="out1" name="fee" typeRef="double"/>
        <rule id="a"><inputEntry><text>&gt; 100</text></inputEntry><outputEntry><text>5</text></outputEntry></rule>
        <rule id="b"><inputEntry><text>&gt; 1000</text></inputEntry><outputEntry><text>7.5</text></outputEntry></rule>
      </decisionTable></decision>
      <inputData id="amount" name="amount"><variable name="amount" typeRef="integer"/></inputData>
    </definitions>`);
    assert.equal(camunda.dmnVersion, '1.1');
    const { values, trace } = evaluateDmn(camunda, new Map([['amount', n(5000)]]));
    assert.deepEqual(values.get('Fee'), n('12.5'));
    assert.deepEqual(trace[0]?.matched_rules, [
      { index: 1, id: 'a' },
      { index: 2, id: 'b' },
    ]);
    assert.equal(trace[0]?.hit_policy, 'COLLECT +');
  });

  it('stops at the deadline', () => {
    const slow = compileDmn(
      definitions(
        '<decision id="d" name="Slow"><literalExpression><text>count(for i in 1..100000000 return i * 2)</text></literalExpression></decision>',
      ),
    );
    const started = performance.now();
    assert.throws(() => evaluateDmn(slow, new Map(), { deadline: performance.now() + 50 }), FeelTimeoutError);
    assert.ok(performance.now() - started < 2000, 'gave up soon after the deadline');
    assert.throws(() => evaluateDmn(model, new Map(), { deadline: performance.now() - 1 }), FeelTimeoutError);
  });
});
