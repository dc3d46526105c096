import type { JdmGraphContent } from './bootstrap';

/**
 * The working copy kept in the browser (localStorage) while editing, so a closed tab loses nothing: written on every
 * change, offered back when the editor of the same version opens again, cleared once a save succeeds.
 */
export interface WorkingCopy {
  /** The content revision the changes were made on. */
  base_revision: number;
  graph: JdmGraphContent;
  written_at: string;
}

const keyOf = (modelId: string, version: string) => `dms.model-editor.${modelId}.${version}`;

export function readWorkingCopy(storage: Storage, modelId: string, version: string): WorkingCopy | undefined {
  try {
    const text = storage.getItem(keyOf(modelId, version));
    if (!text) return undefined;
    const copy = JSON.parse(text) as WorkingCopy;
    return typeof copy.base_revision === 'number' && copy.graph && Array.isArray(copy.graph.nodes) ? copy : undefined;
  } catch {
    return undefined;
  }
}

export function writeWorkingCopy(storage: Storage, modelId: string, version: string, copy: WorkingCopy): void {
  try {
    storage.setItem(keyOf(modelId, version), JSON.stringify(copy));
  } catch {
    // A full or disabled storage: the editor still works, the tab just cannot be restored.
  }
}

export function clearWorkingCopy(storage: Storage, modelId: string, version: string): void {
  try {
    storage.removeItem(keyOf(modelId, version));
  } catch {
    // Nothing to clear.
  }
}
