/**
 * The DMN editor's round-trip guarantee on the whole DMN TCK: every model, opened in the editor and saved unchanged,
 * evaluates to the same answers on every TCK case as the model itself, errors included.
 *
 * Opening and saving is done by dmn-moddle, headless: dmn-js's modeler imports a document with
 * `moddle.fromXML(xml, 'dmn:Definitions')` (its DmnModdle built without extensions unless the page adds some) and
 * saves with `moddle.toXML(definitions)` on the same definitions object; with nothing edited in between, the DRD,
 * decision table and literal expression views only read that object, so fromXML → toXML is exactly what the editor
 * writes on an unchanged save. What moddle cannot read it warns about and drops, so the test also requires no
 * warnings: the 1.3 document the editor gets holds nothing it would lose.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileDmn, evaluateDmn, inputType, invokeDecisionService } from '../../decision/dmn';
import { fromEditorXml, toEditorXml } from '../../decision/dmn-editor-interchange';
import { folderCaseAnswers } from '../../scripts/tck/cases';
import { loadFolderModels } from '../../scripts/tck/models';
import { TCK_ROOT } from '../helpers/dmn-tck';
import type { DmnModdle } from 'dmn-moddle';

const LEVELS = ['compliance-level-2', 'compliance-level-3', 'non-compliant'];
const engine = { evaluateDmn, invokeDecisionService, inputType };

/** Open in the editor, save unchanged, convert back. */
async function throughEditor(xml: string, moddle: DmnModdle): Promise<{ xml: string; warnings: string[] }> {
  const opened = toEditorXml(xml);
  const read = await moddle.fromXML(opened.xml);
  const saved = await moddle.toXML(read.rootElement, { format: true });
  const back = fromEditorXml(saved.xml, opened.interchange);
  assert.deepEqual(back.unplaced, [], 'everything kept aside finds its place again');
  return { xml: back.xml, warnings: read.warnings.map((warning) => warning.message.split('\n')[0] ?? '') };
}

test('every DMN TCK model, opened in the editor and saved unchanged, answers every TCK case as before', async (t) => {
  const { DmnModdle } = await import('dmn-moddle');
  const started = performance.now();
  let models = 0;
  let cases = 0;
  let keptAside = 0;
  const differences: string[] = [];
  for (const level of LEVELS) {
    for (const folder of readdirSync(join(TCK_ROOT, level)).sort()) {
      const path = join(TCK_ROOT, level, folder);
      const roundTripped = new Map<string, string>();
      for (const file of readdirSync(path).filter((name) => name.endsWith('.dmn'))) {
        const xml = readFileSync(join(path, file), 'utf8');
        const { xml: back, warnings } = await throughEditor(xml, new DmnModdle());
        assert.deepEqual(warnings, [], `${level}/${folder}/${file}: the editor reads the 1.3 document in full`);
        keptAside += toEditorXml(xml).interchange.elements.length;
        roundTripped.set(xml, back);
        models++;
      }
      const original = folderCaseAnswers(path, loadFolderModels(path, compileDmn), engine);
      const edited = folderCaseAnswers(
        path,
        loadFolderModels(path, (xml, options) => compileDmn(roundTripped.get(xml) ?? xml, options)),
        engine,
      );
      assert.equal(edited.length, original.length);
      cases += original.length;
      original.forEach((answer, index) => {
        if (edited[index]?.answer !== answer.answer)
          differences.push(
            `${level}/${folder} ${answer.testFile} ${answer.caseId}: ${answer.answer} ≠ ${edited[index]?.answer}`,
          );
      });
    }
  }
  assert.deepEqual(differences, []);
  assert.ok(keptAside > 0, 'the DMN 1.5 boxed expressions of the TCK went through the editor as placeholders');
  assert.ok(models >= 154 && cases >= 3433, `the whole TCK ran (${models} models, ${cases} cases)`);
  t.diagnostic(
    `DMN editor round trip: ${models} models, ${cases} test cases, same answers; ${keptAside} elements kept aside ` +
      `and put back; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
