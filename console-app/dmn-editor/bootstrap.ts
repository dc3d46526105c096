/**
 * What the server writes into the DMN editor page (`<script type="application/json" id="dmn-editor-bootstrap">`,
 * rendered by api/console/model-dmn-editor-page.ts): the version as DMN 1.3 (the server converted it), what is kept
 * as written and shown read-only, and where to save. No API key: calls carry the session cookie and this CSRF token.
 */

export interface ReadOnlyItem {
  element_id: string | null;
  kind: string;
  reason: string;
}

export interface DmnEditorBootstrap {
  model: { id: string; name: string };
  version: { version: string; status: string; content_revision: number; updated_at: string; dmn_version: string };
  editor_xml: string;
  /** The saved version's input schema (the simulator's form; a run derives the working copy's own). */
  input_schema: Record<string, unknown>;
  read_only: ReadOnlyItem[];
  /** Ids of the empty literal expressions standing in for newer boxed expressions (opened read-only). */
  placeholder_ids: string[];
  csrf_token: string;
  precondition: boolean;
  links: {
    /** PUT `{ xml, content_revision }`: the server converts back and calls the same use case as PUT version. */
    save: string;
    /** POST `{ xml }`: the working copy as a new draft (after a conflict). */
    new_draft: string;
    version_page: string;
  };
}

export function readDmnBootstrap(doc: Document): DmnEditorBootstrap {
  const element = doc.getElementById('dmn-editor-bootstrap');
  if (!element?.textContent) throw new Error('The page has no editor data (#dmn-editor-bootstrap).');
  const data = JSON.parse(element.textContent) as DmnEditorBootstrap;
  if (!data.model?.id || !data.version?.version || typeof data.editor_xml !== 'string')
    throw new Error('The editor data is incomplete.');
  return data;
}
