import { SUPPORTED_NODE_KINDS, UNSUPPORTED_NODE_KINDS, type SupportedNodeKind } from './node-kinds';

/**
 * The node palette: the kinds the engine runs, each added with one button (keyboard-reachable, unlike drag and
 * drop); the kinds it does not run, listed disabled with the reason.
 */
export function NodePalette(props: { onAdd: (kind: SupportedNodeKind) => void; disabled: boolean }) {
  return (
    <nav className="editor-palette" aria-labelledby="palette-heading">
      <h2 id="palette-heading">Add a node</h2>
      <ul>
        {SUPPORTED_NODE_KINDS.map((entry) => (
          <li key={entry.kind}>
            <button
              type="button"
              data-node-kind={entry.kind}
              disabled={props.disabled}
              onClick={() => props.onAdd(entry.kind)}
              title={entry.description}
            >
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
      <h3 id="unsupported-heading">Not available here</h3>
      <ul aria-labelledby="unsupported-heading">
        {UNSUPPORTED_NODE_KINDS.map((entry) => (
          <li key={entry.kind}>
            <button type="button" data-node-kind={entry.kind} disabled aria-describedby={`reason-${entry.kind}`}>
              {entry.label}
            </button>
            <p className="reason" id={`reason-${entry.kind}`}>
              {entry.reason}
            </p>
          </li>
        ))}
      </ul>
    </nav>
  );
}
