/**
 * The DMN engine (DMN 1.1–1.5, compliance level 3): compile a model once, evaluate it many times. Pure: no I/O.
 * See README.md for what is supported and the TCK figures.
 */
import { parseXml, childrenNamed } from './xml';

export { DmnModelError, type DmnProblem } from './problems';
export { compileDmn, type DmnModel, type DmnImportRef, type CompileOptions } from './compile';
export {
  evaluateDmn,
  invokeDecisionService,
  inputType,
  FeelTimeoutError,
  type DmnEvaluation,
  type DmnTraceStep,
  type EvaluateOptions,
} from './evaluate';
export { inputsFromJson, deriveSchemas } from './schemas';
export { DMN_NAMESPACES } from './parse';

import type { DmnImportRef } from './compile';

/** The imports a DMN document declares, so a caller can fetch and compile them first. */
export function readDmnImports(xml: string): DmnImportRef[] {
  const root = parseXml(xml);
  return childrenNamed(root, 'import').map((element) => ({
    namespace: element.attrs.namespace ?? '',
    name: (element.attrs.name ?? '').trim(),
    importType: element.attrs.importType ?? '',
    locationURI: element.attrs.locationURI ?? null,
  }));
}
