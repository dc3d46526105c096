/**
 * What the server writes into the editor page (`<script type="application/json" id="editor-bootstrap">`, rendered by
 * api/console/model-editor-page.ts): the version being edited and where to send it. The page carries no API key:
 * every call goes to the console's own routes with the session cookie and this CSRF token.
 */

/** A JDM decision graph as the service stores it (the editor's DecisionGraphType has the same shape). */
export interface JdmGraphContent {
  nodes: { id: string; name: string; type?: string; position: { x: number; y: number }; content?: unknown }[];
  edges: {
    id: string;
    sourceId: string;
    targetId: string;
    sourceHandle?: string;
    targetHandle?: string;
    type?: string;
  }[];
}

export interface EditorBootstrap {
  model: { id: string; name: string };
  version: { version: string; status: string; content_revision: number; updated_at: string };
  graph: JdmGraphContent;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown>;
  metric_directions: Record<string, unknown>;
  csrf_token: string;
  /** Whether saves send `content_revision` (the service refuses a save over a newer one with 409). */
  precondition: boolean;
  links: {
    /** PUT: the console's save route (JSON, the session's CSRF token in X-CSRF-Token). */
    save: string;
    /** POST: a new draft from the working copy (after a conflict). */
    new_draft: string;
    /** The version's read-only page. */
    version_page: string;
  };
}

/** The bootstrap data of the page, or an Error naming what is missing. */
export function readBootstrap(doc: Document): EditorBootstrap {
  const element = doc.getElementById('editor-bootstrap');
  if (!element?.textContent) throw new Error('The page has no editor data (#editor-bootstrap).');
  const data = JSON.parse(element.textContent) as EditorBootstrap;
  if (!data.model?.id || !data.version?.version || !data.graph) throw new Error('The editor data is incomplete.');
  return data;
}
