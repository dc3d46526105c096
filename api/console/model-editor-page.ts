import { html, unsafe, type SafeHtml } from './html';
import { layout, type Viewer } from './layout';
import { versionStatusBadge, type ModelVersionView } from './model-pages';

/**
 * The model editor's page (/console/models/{id}/versions/{version}/edit): a server-rendered shell around the bundled
 * editor (console-app/editor): the page frame, a `<noscript>` pointing to the read-only page, the bootstrap data as
 * JSON (never an API key: the editor calls the console's routes with the session and its CSRF token), the bundle.
 */

/** The data the editor starts from (console-app/editor/bootstrap.ts reads this shape). */
export interface EditorBootstrapData {
  model: { id: string; name: string };
  version: { version: string; status: string; content_revision: number; updated_at: string };
  graph: unknown;
  input_schema: unknown;
  output_schema: unknown;
  metric_directions: unknown;
  csrf_token: string;
  precondition: boolean;
  links: { save: string; new_draft: string; version_page: string };
}

export const versionHref = (modelId: string, version: string) =>
  `/console/models/${encodeURIComponent(modelId)}/versions/${encodeURIComponent(version)}`;
export const editorHref = (modelId: string, version: string) => `${versionHref(modelId, version)}/edit`;

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): SafeHtml {
  return unsafe(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

const crumbs = (model: { id: string; name: string }, version: string) =>
  html`<p class="crumbs"><a href="/console/models">Models</a> › <a href="/console/models/${encodeURIComponent(model.id)}">${model.name}</a> › <a href="${versionHref(model.id, version)}">version ${version}</a> › edit</p>`;

export function modelEditorPage(input: {
  viewer: Viewer;
  data: EditorBootstrapData;
  bundle: { js: string; css: string | null };
}): SafeHtml {
  return editorShell({
    ...input,
    editor: 'The model editor',
    mountId: 'model-editor',
    bootstrapId: 'editor-bootstrap',
  });
}

/**
 * The page around an editor bundle, the same for the JDM and the DMN editor: crumbs, the `<noscript>` pointing to the
 * read-only page, the element the bundle mounts in, the bootstrap data as JSON (never an API key).
 */
export function editorShell(input: {
  viewer: Viewer;
  data: {
    model: { id: string; name: string };
    version: { version: string; status: string; content_revision: number };
    links: { version_page: string };
  };
  bundle: { js: string; css: string | null };
  /** What the `<noscript>` calls the editor ("The DMN editor"). */
  editor: string;
  mountId: string;
  bootstrapId: string;
}): SafeHtml {
  const { data } = input;
  const { model, version } = data;
  return layout({
    title: `Edit ${model.name}, version ${version.version}`,
    viewer: input.viewer,
    section: 'models',
    stylesheets: input.bundle.css ? [input.bundle.css] : [],
    scripts: [input.bundle.js],
    body: html`${crumbs(model, version.version)}
<h1>Edit ${model.name}, version ${version.version} ${versionStatusBadge(version.status as ModelVersionView['status'])}</h1>
<noscript><p class="notice error">${input.editor} needs JavaScript. Without it, read this version on its <a href="${data.links.version_page}">read-only page</a>, or change it through the API (<code>PUT /api/v1/models/{id}/versions/{version}</code>).</p></noscript>
<div id="${input.mountId}" class="model-editor" data-content-revision="${version.content_revision}"><p class="muted">Loading ${input.editor.replace(/^The /, 'the ')}…</p></div>
<script type="application/json" id="${input.bootstrapId}">${scriptJson(data)}</script>`,
  });
}

/** A version that cannot be edited (published, in review, retired): "New draft from this version" instead. */
export function notEditablePage(input: {
  viewer: Viewer;
  model: { id: string; name: string };
  version: { version: string; status: string; format: string };
  canCreateDraft: boolean;
}): SafeHtml {
  const { model, version } = input;
  return layout({
    title: `${model.name}, version ${version.version}`,
    viewer: input.viewer,
    section: 'models',
    body: html`${crumbs(model, version.version)}
<h1>${model.name}, version ${version.version} ${versionStatusBadge(version.status as ModelVersionView['status'])}</h1>
<p>Only a draft can be edited: this version is ${version.status.replace(/_/g, ' ')}, and its content stays as it was reviewed.</p>
${newDraftForm(model.id, version, input.canCreateDraft, input.viewer.csrfToken)}
<p><a href="${versionHref(model.id, version.version)}">Read this version</a></p>`,
  });
}

/** The "New draft from this version" form (a POST with the session's CSRF token), or why there is none. */
export function newDraftForm(
  modelId: string,
  version: { version: string; format: string },
  canCreateDraft: boolean,
  csrfToken: string,
): SafeHtml {
  if (version.format !== 'jdm' && version.format !== 'dmn')
    return html`<p class="muted">The editor opens JDM and DMN models; this model's new version is uploaded through the API.</p>`;
  if (!canCreateDraft) return html``;
  return html`<form method="post" action="${versionHref(modelId, version.version)}/new-draft" class="inline">
  <input type="hidden" name="_csrf" value="${csrfToken}">
  <button type="submit">New draft from this version</button>
</form>`;
}
