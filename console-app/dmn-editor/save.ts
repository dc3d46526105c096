import type { ConflictDetail, FieldProblem } from '../editor/save';
import type { DmnEditorBootstrap } from './bootstrap';

/** An element kept aside that the edited model had no place for any more (its holder was deleted): not kept. */
export interface SaveWarning {
  element_id: string | null;
  kind: string;
  message: string;
}

export type DmnSaveOutcome =
  | { kind: 'saved'; content_revision: number; warnings: SaveWarning[] }
  | { kind: 'invalid'; detail: string; errors: FieldProblem[] }
  | { kind: 'conflict'; conflict: ConflictDetail }
  | { kind: 'failed'; status: number; detail: string };

type Answer = ConflictDetail & {
  code?: string;
  errors?: FieldProblem[];
  content_revision?: number;
  warnings?: SaveWarning[];
  editor?: string;
};

async function send(url: string, method: 'PUT' | 'POST', csrfToken: string, body: unknown) {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify(body),
  });
  return { response, answer: (await response.json().catch(() => ({}))) as Answer };
}

/** Saves the edited DMN 1.3 through the console's route (the server converts it back; the same use case as PUT version). */
export async function saveDmn(
  bootstrap: DmnEditorBootstrap,
  xml: string,
  baseRevision: number,
): Promise<DmnSaveOutcome> {
  const body = { xml, ...(bootstrap.precondition ? { content_revision: baseRevision } : {}) };
  const { response, answer } = await send(bootstrap.links.save, 'PUT', bootstrap.csrf_token, body);
  if (response.ok)
    return {
      kind: 'saved',
      content_revision: answer.content_revision ?? baseRevision + 1,
      warnings: answer.warnings ?? [],
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
export async function saveDmnAsNewDraft(
  bootstrap: DmnEditorBootstrap,
  xml: string,
): Promise<{ ok: true; location: string } | { ok: false; detail: string; errors: FieldProblem[] }> {
  const { response, answer } = await send(bootstrap.links.new_draft, 'POST', bootstrap.csrf_token, { xml });
  if (response.ok && answer.editor) return { ok: true, location: answer.editor };
  return { ok: false, detail: answer.detail ?? `HTTP ${response.status}`, errors: answer.errors ?? [] };
}
