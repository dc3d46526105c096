/**
 * Stands in for `@monaco-editor/react` in the bundle (scripts/build-console-app.ts aliases it here). The JDM editor
 * only uses Monaco for function nodes, which this service does not run; the real package would load Monaco from a
 * CDN, and nothing of this page may come from elsewhere.
 */
const unavailable = () => (
  <p className="muted" role="note">
    The code editor is not part of this console: function nodes are not run by this service.
  </p>
);

export const Editor = unavailable;
export const DiffEditor = unavailable;
export const loader = { config: (_options: unknown) => undefined, init: () => Promise.resolve(undefined) };
export const useMonaco = () => null;
export default Editor;
