import { html, unsafe, type SafeHtml } from './html';
import { layout, noticeBlock, type Notice, type Viewer } from './layout';

/**
 * The catalogue's "New model" form (/console/models/new): a blank JDM graph, a blank DMN model, or a copy of a
 * published version of one of the tenant's models. Server-rendered, a plain CSRF form: it works without JavaScript.
 */

export type NewModelKind = 'blank_jdm' | 'blank_dmn' | 'copy';

/** A model the form offers to copy: one of the tenant's with a published version. */
export interface CopyableModel {
  id: string;
  name: string;
  published_version: string;
}

/** What the person typed, kept when the form comes back with its problems. */
export interface NewModelForm {
  kind: NewModelKind;
  name: string;
  category: string;
  description: string;
  source_model: string;
}

/** A problem with one field of the form, named as the API names it (`/name`, `/category`, …). */
export interface FormFieldProblem {
  field: string;
  message: string;
}

export const EMPTY_NEW_MODEL_FORM: NewModelForm = {
  kind: 'blank_jdm',
  name: '',
  category: '',
  description: '',
  source_model: '',
};

const KINDS: Array<[NewModelKind, string, string]> = [
  ['blank_jdm', 'Blank JDM graph', 'An input node, an empty decision table and an output node, wired.'],
  ['blank_dmn', 'Blank DMN model', 'DMN 1.3: one decision holding an empty decision table, with its diagram.'],
  ['copy', 'Copy of a published version', 'The published version of one of your models: its content and schemas.'],
];

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  category: 'Category',
  description: 'Description',
  source_model: 'Model to copy',
  kind: 'Start from',
};

/** The label a problem's field shows under: the form's field for `/name`, `/category`…, else the form as a whole. */
export const fieldLabelOf = (field: string) => FIELD_LABELS[field] ?? 'Model';

function fieldProblem(problems: FormFieldProblem[], field: string): SafeHtml {
  const mine = problems.filter((p) => p.field === field);
  if (mine.length === 0) return html``;
  return html`<span class="field-error" id="new-model-${field}-error">${mine.map((p) => `${fieldLabelOf(field)} ${p.message}. `)}</span>`;
}

const invalid = (problems: FormFieldProblem[], field: string) =>
  problems.some((p) => p.field === field)
    ? unsafe(` aria-invalid="true" aria-describedby="new-model-${field}-error"`)
    : unsafe('');

function kindChoices(form: NewModelForm, copyable: CopyableModel[]): SafeHtml {
  return html`<fieldset><legend>Start from</legend>${KINDS.map(
    ([kind, label, hint]) =>
      html`<p><input type="radio" name="kind" id="new-model-kind-${kind}" value="${kind}"${form.kind === kind ? unsafe(' checked') : ''}${kind === 'copy' && copyable.length === 0 ? unsafe(' disabled') : ''}>
  <label for="new-model-kind-${kind}">${label}</label> <span class="muted">${kind === 'copy' && copyable.length === 0 ? 'None of your models has a published version yet.' : hint}</span></p>`,
  )}</fieldset>`;
}

export function newModelPage(input: {
  viewer: Viewer;
  form: NewModelForm;
  copyable: CopyableModel[];
  problems?: FormFieldProblem[];
  notice?: Notice | undefined;
}): SafeHtml {
  const { form, copyable } = input;
  const problems = input.problems ?? [];
  const summary: Notice | undefined =
    input.notice ??
    (problems.length > 0
      ? {
          kind: 'error',
          title: 'The model was not created.',
          detail: problems.map((p) => `${fieldLabelOf(p.field)} ${p.message}.`).join(' '),
        }
      : undefined);
  return layout({
    title: 'New model',
    viewer: input.viewer,
    section: 'models',
    body: html`<p><a href="/console/models">Models</a></p>
<h1>New model</h1>
${noticeBlock(summary)}
<form method="post" action="/console/models/new" class="new-model" aria-labelledby="new-model-heading" novalidate>
  <h2 id="new-model-heading" class="visually-hidden">The new model</h2>
  <input type="hidden" name="_csrf" value="${input.viewer.csrfToken}">
  ${kindChoices(form, copyable)}
  <p><label for="new-model-source_model">Model to copy (its published version)</label>
    <select id="new-model-source_model" name="source_model"${invalid(problems, 'source_model')}>
      <option value="">—</option>${copyable.map(
        (m) =>
          html`<option value="${m.id}"${form.source_model === m.id ? unsafe(' selected') : ''}>${m.name} (version ${m.published_version})</option>`,
      )}
    </select> ${fieldProblem(problems, 'source_model')}</p>
  <p><label for="new-model-name">Name</label>
    <input id="new-model-name" name="name" required maxlength="200" value="${form.name}"${invalid(problems, 'name')}> ${fieldProblem(problems, 'name')}</p>
  <p><label for="new-model-category">Category</label>
    <input id="new-model-category" name="category" required maxlength="50" pattern="[a-z][a-z0-9_\\-]{0,49}" value="${form.category}"${invalid(problems, 'category')}>
    <span class="muted">lower case letters, digits, <code>_</code> and <code>-</code>, starting with a letter (e.g. <code>pricing</code>)</span> ${fieldProblem(problems, 'category')}</p>
  <p><label for="new-model-description">Description (optional)</label>
    <textarea id="new-model-description" name="description" rows="3" maxlength="20000"${invalid(problems, 'description')}>${form.description}</textarea> ${fieldProblem(problems, 'description')}</p>
  <p>Version 1 is a draft: it opens in the editor, and goes live only through a review.</p>
  <div class="actions"><button type="submit">Create the model</button> <a href="/console/models">Cancel</a></div>
</form>`,
  });
}
