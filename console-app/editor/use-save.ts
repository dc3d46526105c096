import { useState } from 'react';
import type { EditorBootstrap, JdmGraphContent } from './bootstrap';
import { describeChanges, type Change } from './conflict-diff';
import { readCurrentVersion, saveAsNewDraft, saveContent, type ConflictDetail, type FieldProblem } from './save';
import { splitContent, withSchemasInNodes, type VersionSchemas } from './schema-fields';
import { typingSettled } from './table-tools/typing-settled';
import { clearWorkingCopy } from './working-copy';

export type Status =
  | { kind: 'clean' }
  | { kind: 'restored'; writtenAt: string }
  | { kind: 'changed' }
  | { kind: 'saving' }
  | { kind: 'saved'; revision: number }
  /** `graph`: the graph the refused save sent (the problems' paths count its nodes). */
  | { kind: 'invalid'; detail: string; errors: FieldProblem[]; graph?: JdmGraphContent }
  | { kind: 'conflict'; conflict: ConflictDetail }
  | { kind: 'failed'; detail: string };

const NOT_JSON = 'A schema field of an input or output node is not a JSON object; nothing was saved.';

/**
 * Saving the editor's graph: the schema fields of its input and output nodes become the version's schemas
 * (schema-fields.ts), a refusal keeps the graph it refused (for the marks), and a conflict reads the newer save to
 * say what changed since the revision the person started from (`base`).
 */
export function useSave(bootstrap: EditorBootstrap, currentGraph: () => JdmGraphContent, initial: Status) {
  const { model, version } = bootstrap;
  const [status, setStatus] = useState<Status>(initial);
  const [baseRevision, setBaseRevision] = useState(version.content_revision);
  const [schemas, setSchemas] = useState<VersionSchemas>({
    input_schema: bootstrap.input_schema,
    output_schema: bootstrap.output_schema,
  });
  const [base, setBase] = useState(() => withSchemasInNodes(bootstrap.graph, bootstrap));
  const [changes, setChanges] = useState<Change[] | string>('');

  const showChanges = async (mine: JdmGraphContent) => {
    setChanges('Reading what changed…');
    try {
      const theirs = await readCurrentVersion(bootstrap);
      setChanges(describeChanges(base, withSchemasInNodes(theirs.graph, theirs), mine));
    } catch (error) {
      setChanges(`What changed could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
  };

  const save = async () => {
    // A cell typed into just before Save reaches the editor's store a moment later (debounced): wait for it.
    await typingSettled();
    const held = currentGraph();
    const split = splitContent(held, schemas);
    if (!split.ok) return setStatus({ kind: 'invalid', detail: NOT_JSON, errors: split.errors, graph: held });
    setStatus({ kind: 'saving' });
    try {
      const outcome = await saveContent({ ...bootstrap, ...split.schemas }, split.graph, baseRevision);
      if (outcome.kind === 'saved') {
        clearWorkingCopy(window.localStorage, model.id, version.version);
        setBaseRevision(outcome.content_revision);
        setSchemas(split.schemas);
        setBase(held);
        setStatus({ kind: 'saved', revision: outcome.content_revision });
      } else if (outcome.kind === 'invalid') setStatus({ ...outcome, graph: held });
      else if (outcome.kind === 'conflict') {
        setStatus(outcome);
        void showChanges(held);
      } else setStatus({ kind: 'failed', detail: outcome.detail });
    } catch (error) {
      setStatus({ kind: 'failed', detail: error instanceof Error ? error.message : 'the service did not answer' });
    }
  };

  const keepMine = async () => {
    await typingSettled();
    const held = currentGraph();
    const split = splitContent(held, schemas);
    if (!split.ok) return setStatus({ kind: 'invalid', detail: NOT_JSON, errors: split.errors, graph: held });
    setStatus({ kind: 'saving' });
    const created = await saveAsNewDraft({ ...bootstrap, ...split.schemas }, split.graph);
    if (!created.ok) return setStatus({ kind: 'invalid', detail: created.detail, errors: created.errors, graph: held });
    clearWorkingCopy(window.localStorage, model.id, version.version);
    window.location.assign(created.location);
  };

  return { status, setStatus, baseRevision, schemas, changes, save, keepMine };
}
