import { html, type SafeHtml } from './html';
import { layout, type Viewer } from './layout';
import { versionStatusBadge, type ModelVersionView } from './model-pages';
import { scriptJson, versionHref } from './model-editor-page';

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
  const { data } = input;
  const { model, version } = data;
  return layout({
    title: `Edit ${model.name}, version ${version.version}`,
    viewer: input.viewer,
    section: 'models',
    stylesheets: input.bundle.css ? [input.bundle.css] : [],
    scripts: [input.bundle.js],
    body: html`<p class="crumbs"><a href="/console/models">Models</a> › <a href="/console/models/${encodeURIComponent(model.id)}">${model.name}</a> › <a href="${versionHref(model.id, version.version)}">version ${version.version}</a> › edit</p>
<h1>Edit ${model.name}, version ${version.version} ${versionStatusBadge(version.status as ModelVersionView['status'])}</h1>
<noscript><p class="notice error">The DMN editor needs JavaScript. Without it, read this version on its <a href="${data.links.version_page}">read-only page</a>, or change it through the API (<code>PUT /api/v1/models/{id}/versions/{version}</code>).</p></noscript>
<div id="dmn-editor" class="model-editor" data-content-revision="${version.content_revision}"><p class="muted">Loading the DMN editor…</p></div>
<script type="application/json" id="dmn-editor-bootstrap">${scriptJson(data)}</script>`,
  });
}
