import type { ConflictDetail } from './save';

const savedBy = (conflict: ConflictDetail) => {
  const by = conflict.last_saved_by;
  if (conflict.last_saved_by_name) return conflict.last_saved_by_name;
  return by === undefined ? 'someone else' : typeof by === 'string' ? by : `${by.type} ${by.id}`;
};

/**
 * A save that ran into a newer one (409): nothing was overwritten. The person reloads the newer content (their
 * changes are dropped) or keeps theirs as a new draft of the model.
 */
export function ConflictView(props: {
  conflict: ConflictDetail;
  baseRevision: number;
  busy: boolean;
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { conflict } = props;
  return (
    <section
      className="editor-conflict"
      role="alertdialog"
      aria-labelledby="conflict-heading"
      aria-describedby="conflict-detail"
    >
      <h2 id="conflict-heading">This draft was saved by someone else</h2>
      <p id="conflict-detail">
        You started from revision {props.baseRevision}; {savedBy(conflict)} saved revision{' '}
        {conflict.current_content_revision ?? 'a newer one'}
        {conflict.last_saved_at ? ` at ${conflict.last_saved_at.replace('T', ' ').slice(0, 16)} UTC` : ''}. Nothing was
        overwritten: your changes are still here, and in this browser.
      </p>
      <div className="editor-actions">
        <button type="button" onClick={props.onReloadTheirs} disabled={props.busy}>
          Reload theirs (drop my changes)
        </button>
        <button type="button" onClick={props.onKeepMine} disabled={props.busy}>
          Keep mine as a new draft
        </button>
      </div>
    </section>
  );
}
