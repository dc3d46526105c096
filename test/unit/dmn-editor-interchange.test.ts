/**
 * The DMN editor interchange (decision/dmn-editor-interchange.ts) on hand-written models: what the editor (dmn-js
 * through dmn-moddle, headless: fromXML on open, toXML on save) gets, what it saves, and what the engine then reads.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileDmn, DmnModelError, evaluateDmn } from '../../decision/dmn';
import { formatValue, FeelNumber } from '../../decision/dmn/feel-api';
import {
  DMN_VERSION_NAMESPACES,
  fromEditorXml,
  readOnlyElements,
  toEditorXml,
  type DmnVersion,
} from '../../decision/dmn-editor-interchange';
import type { DmnModdle, ModdleElement } from 'dmn-moddle';

async function editor(): Promise<DmnModdle> {
  const { DmnModdle } = await import('dmn-moddle');
  return new DmnModdle();
}

/** Opens the 1.3 XML as dmn-js does, lets `edit` change the model, saves as dmn-js does. */
async function openAndSave(xml13: string, edit?: (definitions: ModdleElement) => void): Promise<string> {
  const moddle = await editor();
  const { rootElement, warnings } = await moddle.fromXML(xml13);
  assert.deepEqual(
    warnings.map((warning) => warning.message),
    [],
    'the editor reads all of it',
  );
  edit?.(rootElement);
  return (await moddle.toXML(rootElement, { format: true })).xml;
}

function definitions(version: DmnVersion, body: string, extra = ''): string {
  const { model, feel } = DMN_VERSION_NAMESPACES[version];
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${model}" xmlns:feel="${feel}" xmlns:dc="http://www.omg.org/spec/DMN/20180521/DC/" ${extra}
  namespace="urn:editor-test" name="editor test" id="defs" expressionLanguage="${feel}">${body}</definitions>`;
}

function answers(xml: string, inputs: Record<string, number>): string {
  const model = compileDmn(xml);
  const values = evaluateDmn(
    model,
    new Map(Object.entries(inputs).map(([name, value]) => [name, new FeelNumber(value)])),
    {},
  ).values;
  return [...values].map(([name, value]) => `${name}=${formatValue(value)}`).join('; ');
}

const CONDITIONAL = `
  <inputData id="in_amount" name="Amount"><variable name="Amount" typeRef="number"/></inputData>
  <decision id="d_band" name="Band">
    <variable name="Band" typeRef="string"/>
    <informationRequirement id="ir1"><requiredInput href="#in_amount"/></informationRequirement>
    <conditional id="cond_band" typeRef="string">
      <if><literalExpression><text>Amount &gt; 1000</text></literalExpression></if>
      <then><literalExpression><text>"large"</text></literalExpression></then>
      <else><literalExpression><text>"small"</text></literalExpression></else>
    </conditional>
  </decision>
  <decision id="d_label" name="Label">
    <variable name="Label" typeRef="string"/>
    <informationRequirement id="ir2"><requiredDecision href="#d_band"/></informationRequirement>
    <literalExpression id="le_label"><text>"band: " + Band</text></literalExpression>
  </decision>`;

const DIAGRAM = (dmndi: string) => `
  <dmndi:DMNDI xmlns:dmndi="${dmndi}" xmlns:di="http://www.omg.org/spec/DMN/20180521/DI/">
    <dmndi:DMNDiagram id="diagram1" name="DRD">
      <dmndi:DMNShape id="shape_amount" dmnElementRef="in_amount"><dc:Bounds x="100" y="300" width="150" height="60"/></dmndi:DMNShape>
      <dmndi:DMNShape id="shape_band" dmnElementRef="d_band"><dc:Bounds x="100" y="150" width="150" height="80"/></dmndi:DMNShape>
      <dmndi:DMNEdge id="edge_ir1" dmnElementRef="ir1"><di:waypoint x="175" y="300"/><di:waypoint x="175" y="230"/></dmndi:DMNEdge>
    </dmndi:DMNDiagram>
  </dmndi:DMNDI>`;

describe('DMN editor interchange', () => {
  it('a DMN 1.5 conditional boxed expression: a read-only placeholder in the editor, back as written on save', async () => {
    const original = definitions('1.5', CONDITIONAL);
    const opened = toEditorXml(original);
    assert.match(opened.xml, /<literalExpression id="cond_band" interchange:preserved="p1"\/>/);
    assert.doesNotMatch(opened.xml, /<conditional/);
    assert.deepEqual(readOnlyElements(opened.interchange), [
      {
        key: 'p1',
        element_id: 'cond_band',
        preserved_id: 'cond_band',
        kind: 'conditional',
        reason:
          'DMN 1.5 boxed expression <conditional> has no DMN 1.3 form: the editor shows an empty literal expression in its place, read-only, and saving writes it back as it was',
      },
    ]);
    const back = fromEditorXml(await openAndSave(opened.xml), opened.interchange);
    assert.deepEqual(back.unplaced, []);
    assert.ok(back.xml.includes(opened.interchange.elements[0]!.xml), 'the conditional exactly as written');
    assert.doesNotMatch(back.xml, /interchange|urn:decision-modeling-service/);
    assert.equal(answers(back.xml, { Amount: 5000 }), answers(original, { Amount: 5000 }));
    assert.equal(answers(back.xml, { Amount: 5000 }), 'Band=large; Label=band: large');
    assert.equal(answers(back.xml, { Amount: 10 }), 'Band=small; Label=band: small');
  });

  it('an edit in the editor is saved and the kept elements come back around it, from the record or the XML', async () => {
    const original = definitions('1.5', CONDITIONAL);
    const opened = toEditorXml(original);
    const saved = await openAndSave(opened.xml, (model) => {
      const label = model.drgElement?.find((element) => element.id === 'd_label');
      assert.ok(label?.decisionLogic);
      label.decisionLogic.text = '"size: " + Band';
    });
    const back = fromEditorXml(saved, opened.interchange);
    assert.equal(answers(back.xml, { Amount: 5000 }), 'Band=large; Label=size: large');
    assert.deepEqual(fromEditorXml(saved, original), back, 'the record made again from the original XML');
  });

  it('an element whose holder the editor deleted is reported, not silently lost', async () => {
    const opened = toEditorXml(definitions('1.5', CONDITIONAL));
    const saved = await openAndSave(opened.xml, (model) => {
      model.drgElement = model.drgElement?.filter((element) => element.id !== 'd_band');
    });
    const back = fromEditorXml(saved, opened.interchange);
    assert.deepEqual(
      back.unplaced.map((element) => [element.key, element.kind]),
      [['p1', 'conditional']],
    );
  });

  it('keeps the diagram interchange, in the editor and back', async () => {
    const original = definitions('1.5', CONDITIONAL + DIAGRAM(DMN_VERSION_NAMESPACES['1.5'].dmndi!));
    const opened = toEditorXml(original);
    assert.match(opened.xml, new RegExp(`xmlns:dmndi="${DMN_VERSION_NAMESPACES['1.3'].dmndi}"`));
    const moddle = await editor();
    const { rootElement } = await moddle.fromXML(opened.xml);
    const diagram = (rootElement as unknown as { dmnDI: { diagrams: Array<{ diagramElements: unknown[] }> } }).dmnDI;
    assert.equal(diagram.diagrams[0]?.diagramElements.length, 3, 'the editor sees both shapes and the edge');
    const back = fromEditorXml(await openAndSave(opened.xml), opened.interchange);
    assert.match(back.xml, new RegExp(`xmlns:dmndi="${DMN_VERSION_NAMESPACES['1.5'].dmndi}"`));
    for (const shape of ['shape_amount', 'shape_band', 'edge_ir1']) assert.ok(back.xml.includes(`id="${shape}"`));
    const bounds = /<dc:Bounds ([^>]*)\/>/g;
    const boxes = [...back.xml.matchAll(bounds)].map((match) =>
      ['x', 'y', 'width', 'height'].map((name) => new RegExp(`${name}="([^"]*)"`).exec(match[1]!)?.[1]).join(' '),
    );
    assert.deepEqual(boxes, ['100 300 150 60', '100 150 150 80']);
    assert.match(back.xml, /<di:waypoint x="175" y="230"\s*\/>/);
  });

  for (const version of ['1.2', '1.4', '1.5'] as const) {
    it(`converts the DMN ${version} namespaces to 1.3 and back (model, diagram, FEEL)`, async () => {
      const namespaces = DMN_VERSION_NAMESPACES[version];
      const original = definitions(
        version,
        `<decision id="d" name="D"><variable name="D" typeRef="feel:number"/>` +
          `<literalExpression expressionLanguage="${namespaces.feel}"><text>1 + 2</text></literalExpression></decision>` +
          `<dmndi:DMNDI xmlns:dmndi="${namespaces.dmndi!}"><dmndi:DMNDiagram id="g"><dmndi:DMNShape id="s" dmnElementRef="d">` +
          `<dc:Bounds x="1" y="2" width="3" height="4"/></dmndi:DMNShape></dmndi:DMNDiagram></dmndi:DMNDI>`,
      );
      const opened = toEditorXml(original);
      const editorNamespaces = DMN_VERSION_NAMESPACES['1.3'];
      for (const uri of [editorNamespaces.model, editorNamespaces.dmndi!, editorNamespaces.feel])
        assert.ok(opened.xml.includes(`"${uri}"`), `${uri} in the editor's XML`);
      if (version !== '1.4') assert.ok(!opened.xml.includes(namespaces.model) && !opened.xml.includes(namespaces.feel));
      const back = fromEditorXml(await openAndSave(opened.xml), opened.interchange).xml;
      for (const uri of [namespaces.model, namespaces.dmndi!]) assert.ok(back.includes(`"${uri}"`), `${uri} back`);
      assert.ok(back.includes(`expressionLanguage="${namespaces.feel}"`));
      assert.ok(back.includes(`xmlns:feel="${namespaces.feel}"`));
      assert.ok(!back.includes(editorNamespaces.model));
      assert.equal(answers(back, {}), 'D=3');
    });
  }

  it('a DMN 1.1 model goes back as DMN 1.1', async () => {
    const original = definitions(
      '1.1',
      `<inputData id="in_x" name="X"><variable name="X" typeRef="feel:number"/></inputData>
       <decision id="d_double" name="Double"><variable name="Double" typeRef="feel:number"/>
         <informationRequirement><requiredInput href="#in_x"/></informationRequirement>
         <literalExpression><text>X * 2</text></literalExpression></decision>`,
    );
    const opened = toEditorXml(original);
    assert.equal(opened.interchange.dmn_version, '1.1');
    assert.match(opened.xml, new RegExp(`xmlns="${DMN_VERSION_NAMESPACES['1.3'].model}"`));
    assert.match(opened.xml, new RegExp(`xmlns:feel="${DMN_VERSION_NAMESPACES['1.3'].feel}"`));
    const back = fromEditorXml(await openAndSave(opened.xml), opened.interchange).xml;
    assert.match(back, new RegExp(`xmlns="${DMN_VERSION_NAMESPACES['1.1'].model}"`));
    assert.match(back, new RegExp(`xmlns:feel="${DMN_VERSION_NAMESPACES['1.1'].feel}"`));
    assert.match(back, /typeRef="feel:number"/);
    assert.equal(answers(back, { X: 21 }), answers(original, { X: 21 }));
    assert.equal(answers(back, { X: 21 }), 'Double=42');
  });

  it('keeps aside what DMN 1.3 lacks elsewhere: a type constraint, a foreign element, an unknown attribute', async () => {
    const original = definitions(
      '1.5',
      `<itemDefinition name="tSmall" vendorHint="x"><typeRef>number</typeRef><typeConstraint><text>[0..10]</text></typeConstraint></itemDefinition>
       <decision id="d" name="D"><variable name="D" typeRef="tSmall"/>
         <acme:note>keep me &amp; my &lt;markup&gt;</acme:note>
         <extensionElements><acme:ui colour="red"/></extensionElements>
         <literalExpression><text>5</text></literalExpression></decision>`,
      'xmlns:acme="urn:acme"',
    );
    const opened = toEditorXml(original);
    assert.deepEqual(
      readOnlyElements(opened.interchange).map(({ key, kind, element_id }) => [key, kind, element_id]),
      [
        ['p2', 'typeConstraint', 'defs'],
        ['p3', 'acme:note', 'd'],
        ['p1', '@vendorHint', 'defs'],
      ],
    );
    assert.match(opened.xml, /<extensionElements><acme:ui colour="red"\/><\/extensionElements>/, 'extensions stay');
    const back = fromEditorXml(await openAndSave(opened.xml), opened.interchange).xml;
    assert.match(
      back,
      /<itemDefinition [^>]*vendorHint="x"[^>]*>\s*<typeRef>number<\/typeRef>\s*<typeConstraint><text>\[0\.\.10\]<\/text><\/typeConstraint>/,
    );
    assert.match(
      back,
      /<variable name="D" typeRef="tSmall"\s*\/>\s*<acme:note>keep me &amp; my &lt;markup&gt;<\/acme:note>/,
    );
    assert.match(back, /<acme:ui colour="red"\s*\/>/);
    assert.equal(answers(back, {}), 'D=5');
  });

  it('reads tenant XML as an upload does: no DOCTYPE or entities, bounded size, DMN only, both ways', () => {
    const refused = (run: () => unknown, message: RegExp) =>
      assert.throws(
        run,
        (error: unknown) => error instanceof DmnModelError && message.test(error.problems[0]!.message),
      );
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${definitions('1.5', '')}`;
    refused(() => toEditorXml(xxe), /DOCTYPE/);
    const opened = toEditorXml(definitions('1.5', CONDITIONAL));
    refused(() => fromEditorXml(xxe, opened.interchange), /DOCTYPE/);
    const big = definitions('1.5', `<!-- ${'x'.repeat(4 * 1024 * 1024)} -->`);
    refused(() => toEditorXml(big), /larger than 4194304 bytes/);
    refused(() => fromEditorXml(big, opened.interchange), /larger than/);
    refused(() => toEditorXml('<html xmlns="http://www.w3.org/1999/xhtml"/>'), /DMN 1\.1–1\.5 <definitions>/);
    refused(() => fromEditorXml(definitions('1.5', ''), opened.interchange), /must be DMN 1\.3/);
    const forged = { ...opened.interchange, dmn_version: 'toString' } as unknown as typeof opened.interchange;
    refused(() => fromEditorXml(opened.xml, forged), /not one toEditorXml made/);
    refused(() => toEditorXml('<definitions'), /malformed XML/);
  });
});
