/** Undo and Redo in the editor's toolbar (the history: use-graph-history.ts; the same keys work on the page). */
export function HistoryButtons(props: {
  canUndo: boolean;
  canRedo: boolean;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => void props.undo()}
        disabled={!props.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        Undo
      </button>
      <button
        type="button"
        onClick={() => void props.redo()}
        disabled={!props.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
      >
        Redo
      </button>
    </>
  );
}
