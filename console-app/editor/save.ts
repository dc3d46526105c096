import { readBootstrap, type EditorBootstrap, type JdmGraphContent } from './bootstrap';

/** A problem's field error (RFC 9457 `errors[]`: a JSON Pointer into the body, and what is wrong there). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** The newer save a conflicting save ran into (409 `content_revision_conflict`). */
export interface ConflictDetail {
  current_content_revision?: number;
  last_saved_by?: string | { type: string; id: string };
  /** Who that is, as the console names people and keys (the console's save route adds it). */
  last_saved_by_name?: string;
  last_saved_at?: string;
  detail?: string;
}

export type SaveOutcome =
  | { kind: 'saved'; content_revision: number; updated_at: string }
  | { kind: 'invalid'; detail: string; errors: FieldProblem[] }
  | { kind: 'conflict'; conflict: ConflictDetail }
  | { kind: 'failed'; status: number; detail: string };

interface Problem {
  code?: string;
  detail?: string;
  errors?: FieldProblem[];
  current_content_revision?: number;
  last_saved_by?: string | { type: string; id: string };
  last_saved_by_name?: string;
  last_saved_at?: string;
}

export function contentBody(bootstrap: EditorBootstrap, graph: JdmGraphContent) {
  return {
    graph,
    input_schema: bootstrap.input_schema,
    output_schema: bootstrap.output_schema,
    metric_directions: bootstrap.metric_directions,
  };
}

async function sendJson(url: string, method: 'PUT' | 'POST', csrfToken: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
}

/** Saves the working copy through the console's save route (the same use case as PUT version). */
export async function saveContent(
  bootstrap: EditorBootstrap,
  graph: JdmGraphContent,
  baseRevision: number,
): Promise<SaveOutcome> {
  const body = {
    ...contentBody(bootstrap, graph),
    ...(bootstrap.precondition ? { content_revision: baseRevision } : {}),
  };
  const response = await sendJson(bootstrap.links.save, 'PUT', bootstrap.csrf_token, body);
  const answer = (await response.json().catch(() => ({}))) as Problem & {
    content_revision?: number;
    updated_at?: string;
  };
  if (response.ok)
    return {
      kind: 'saved',
      content_revision: answer.content_revision ?? baseRevision + 1,
      updated_at: answer.updated_at ?? '',
    };
  if (response.status === 422 || response.status === 400)
    return { kind: 'invalid', detail: answer.detail ?? 'The model is not valid.', errors: answer.errors ?? [] };
  if (response.status === 409 && answer.code === 'content_revision_conflict')
    return { kind: 'conflict', conflict: answer };
  return {
    kind: 'failed',
    status: response.status,
    detail: answer.detail ?? `The save failed (HTTP ${response.status}).`,
  };
}

/** Keeps the working copy as a new draft of the model (after a conflict); answers the new draft's editor URL. */
export async function saveAsNewDraft(
  bootstrap: EditorBootstrap,
  graph: JdmGraphContent,
): Promise<{ ok: true; location: string } | { ok: false; detail: string; errors: FieldProblem[] }> {
  const response = await sendJson(
    bootstrap.links.new_draft,
    'POST',
    bootstrap.csrf_token,
    contentBody(bootstrap, graph),
  );
  const answer = (await response.json().catch(() => ({}))) as Problem & { editor?: string };
  if (response.ok && answer.editor) return { ok: true, location: answer.editor };
  return { ok: false, detail: answer.detail ?? `HTTP ${response.status}`, errors: answer.errors ?? [] };
}

/** The draft as the service holds it now (theirs, after a conflict): the editor page's own data, read again. */
export async function readCurrentVersion(bootstrap: EditorBootstrap): Promise<EditorBootstrap> {
  const page = bootstrap.links.version_page.replace(/\/?$/, '/edit');
  const response = await fetch(page, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`the draft could not be read (HTTP ${response.status})`);
  return readBootstrap(new DOMParser().parseFromString(await response.text(), 'text/html'));
}
