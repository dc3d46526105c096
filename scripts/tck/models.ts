/**
 * The models of one TCK folder, compiled with their imports (other models of the same folder, by namespace).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DmnModelError, readDmnImports, type DmnModel } from '../../decision/dmn';
import { parseXml } from '../../decision/dmn/xml';

export interface FolderModel {
  readonly file: string;
  readonly namespace: string;
  readonly model: DmnModel | null;
  /** Why the model did not compile. */
  readonly error: string | null;
}

type Compile = (xml: string, options: { imports: ReadonlyMap<string, DmnModel> }) => DmnModel;

function describeError(error: unknown): string {
  if (error instanceof DmnModelError)
    return error.problems.map((p) => `${p.element_name ?? p.element_id ?? 'model'}: ${p.message}`).join('; ');
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function loadFolderModels(folder: string, compile: Compile): Map<string, FolderModel> {
  const sources = new Map<string, { file: string; xml: string }>();
  const namespaceOf = new Map<string, string>();
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.dmn'))
    .sort()) {
    const xml = readFileSync(join(folder, file), 'utf8');
    let namespace = `file:${file}`;
    try {
      namespace = parseXml(xml).attrs.namespace ?? namespace;
    } catch {
      // Reported when compiling.
    }
    sources.set(namespace, { file, xml });
    namespaceOf.set(file, namespace);
  }
  const compiled = new Map<string, FolderModel>();
  const compiling = new Set<string>();
  const compileNamespace = (namespace: string): FolderModel | undefined => {
    const done = compiled.get(namespace);
    if (done) return done;
    const source = sources.get(namespace);
    if (!source || compiling.has(namespace)) return undefined;
    compiling.add(namespace);
    let result: FolderModel;
    try {
      const imports = new Map<string, DmnModel>();
      for (const ref of readDmnImports(source.xml)) {
        const imported = compileNamespace(ref.namespace)?.model;
        if (imported) imports.set(ref.namespace, imported);
      }
      result = { file: source.file, namespace, model: compile(source.xml, { imports }), error: null };
    } catch (error) {
      result = { file: source.file, namespace, model: null, error: describeError(error) };
    }
    compiling.delete(namespace);
    compiled.set(namespace, result);
    return result;
  };
  const byFile = new Map<string, FolderModel>();
  for (const [file, namespace] of namespaceOf) {
    const model = compileNamespace(namespace);
    if (model) byFile.set(file, model);
  }
  return byFile;
}
