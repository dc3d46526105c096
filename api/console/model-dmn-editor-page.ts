import type { SafeHtml } from './html';
import type { Viewer } from './layout';
import { editorShell } from './model-editor-page';

/**
 * The DMN editor's page (/console/models/{id}/versions/{version}/edit for a DMN draft): the same shell as the JDM
 * editor's (crumbs, `<noscript>`, bootstrap JSON, never an API key) around its own bundle (console-app/dmn-editor,
 * dmn-js), so each page loads only its own code.
 */

/** One element the editor cannot represent, kept as written (decision/dmn-editor-interchange.ts readOnlyElements). */
export interface DmnReadOnlyItem {
  element_id: string | null;
  kind: string;
  reason: string;
}

/** The data the DMN editor starts from (console-app/dmn-editor/bootstrap.ts reads this shape). */
export interface DmnEditorBootstrapData {
  model: { id: string; name: string };
  version: { version: string; status: string; content_revision: number; updated_at: string; dmn_version: string };
  /** The version as DMN 1.3 (toEditorXml), what dmn-js opens. */
  editor_xml: string;
  /** The saved version's input schema (the simulator's form; a run derives the working copy's own). */
  input_schema: Record<string, unknown>;
  read_only: DmnReadOnlyItem[];
  /** Ids of the empty literal expressions standing in for newer boxed expressions: the editor shows them locked. */
  placeholder_ids: string[];
  csrf_token: string;
  precondition: boolean;
  links: { save: string; new_draft: string; version_page: string };
}

export function dmnEditorPage(input: {
  viewer: Viewer;
  data: DmnEditorBootstrapData;
  bundle: { js: string; css: string | null };
}): SafeHtml {
  return editorShell({
    ...input,
    editor: 'The DMN editor',
    mountId: 'dmn-editor',
    bootstrapId: 'dmn-editor-bootstrap',
  });
}
