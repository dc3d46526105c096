/**
 * What a DMN model version hands the engine wherever a JDM version hands its graph (the expression sandbox's run
 * tasks, the catalogue, replays, test runs): the XML as uploaded and the imported models' XML as resolved at upload.
 */
export interface DmnSource {
  format: 'dmn';
  xml: string;
  /** Every model the XML imports, transitive imports included, by namespace. */
  imports: Array<{ namespace: string; xml: string }>;
}

/** An import as resolved at upload: which model and version of the tenant a namespace named then. */
export interface ResolvedDmnImport {
  namespace: string;
  name: string;
  model_id: string;
  version: number;
  dmn_sha256: string;
  xml: string;
}

export type ModelFormat = 'jdm' | 'dmn';

export function isDmnSource(content: unknown): content is DmnSource {
  return (
    typeof content === 'object' &&
    content !== null &&
    (content as { format?: unknown }).format === 'dmn' &&
    typeof (content as { xml?: unknown }).xml === 'string'
  );
}

export function dmnSourceOf(
  xml: string,
  imports: ReadonlyArray<Pick<ResolvedDmnImport, 'namespace' | 'xml'>>,
): DmnSource {
  return {
    format: 'dmn',
    xml,
    imports: imports.map(({ namespace, xml: importedXml }) => ({ namespace, xml: importedXml })),
  };
}
