/**
 * The DMN editor's working copy in localStorage (as the JDM editor keeps its own): the edited DMN 1.3 XML, written on
 * every change, restored on reopening the same version, cleared after a save.
 */
export interface DmnWorkingCopy {
  base_revision: number;
  xml: string;
  written_at: string;
}

const keyOf = (modelId: string, version: string) => `dms.dmn-editor.${modelId}.${version}`;

export function readDmnWorkingCopy(storage: Storage, modelId: string, version: string): DmnWorkingCopy | undefined {
  try {
    const copy = JSON.parse(storage.getItem(keyOf(modelId, version)) ?? 'null') as DmnWorkingCopy | null;
    return copy && typeof copy.base_revision === 'number' && typeof copy.xml === 'string' ? copy : undefined;
  } catch {
    return undefined;
  }
}

export function writeDmnWorkingCopy(storage: Storage, modelId: string, version: string, copy: DmnWorkingCopy): void {
  try {
    storage.setItem(keyOf(modelId, version), JSON.stringify(copy));
  } catch {
    // A full or disabled storage: editing still works, the tab just cannot be restored.
  }
}

export function clearDmnWorkingCopy(storage: Storage, modelId: string, version: string): void {
  try {
    storage.removeItem(keyOf(modelId, version));
  } catch {
    // Nothing to clear.
  }
}
