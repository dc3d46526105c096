import type { Change } from './conflict-diff';
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
  /** What changed on each side since the base revision; a string while it is read, or why it could not be. */
  changes?: Change[] | string;
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
      {props.changes !== undefined && <ChangeList changes={props.changes} baseRevision={props.baseRevision} />}
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

const shown = (value: string | undefined) => (value === undefined ? '(absent)' : value === '' ? '(empty)' : value);

/** Per node, rule and cell: its value at the base revision, theirs and mine. */
function ChangeList(props: { changes: Change[] | string; baseRevision: number }) {
  if (typeof props.changes === 'string') return <p className="conflict-changes-note">{props.changes}</p>;
  if (props.changes.length === 0)
    return <p className="conflict-changes-note">Neither side changed a node, rule or cell of the graph.</p>;
  return (
    <table className="conflict-changes">
      <caption>What changed since revision {props.baseRevision}</caption>
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">Revision {props.baseRevision}</th>
          <th scope="col">Theirs</th>
          <th scope="col">Mine</th>
        </tr>
      </thead>
      <tbody>
        {props.changes.map((change, index) => (
          <tr key={index} className={change.theirs !== change.base && change.mine !== change.base ? 'both' : ''}>
            <th scope="row">{change.where}</th>
            <td>{shown(change.base)}</td>
            <td className={change.theirs !== change.base ? 'changed' : ''}>{shown(change.theirs)}</td>
            <td className={change.mine !== change.base ? 'changed' : ''}>{shown(change.mine)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
