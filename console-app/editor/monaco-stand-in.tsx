/**
 * Stands in for `@monaco-editor/react` in the bundle (scripts/build-console-app.ts aliases it here): the real package
 * would load Monaco from a CDN, and nothing of this page may come from elsewhere. The JDM editor uses Monaco for the
 * schema field of input and output nodes (the version's input and output schemas, console-app/editor/schema-fields.ts)
 * and for function nodes, which this service does not run: a plain text area serves the schemas.
 */
interface EditorProps {
  value?: string;
  language?: string;
  onChange?: (value: string | undefined) => void;
  options?: { readOnly?: boolean };
}

export function Editor(props: EditorProps) {
  return (
    <textarea
      className="schema-text"
      aria-label={props.language === 'json' ? 'JSON Schema' : 'Code'}
      spellCheck={false}
      value={props.value ?? ''}
      readOnly={props.options?.readOnly === true}
      onChange={(event) => props.onChange?.(event.target.value)}
    />
  );
}

/** The editor shows a node's changes against a previous version this way; ours only compares in the conflict view. */
export function DiffEditor(props: { modified?: string; language?: string }) {
  return <Editor value={props.modified} language={props.language} options={{ readOnly: true }} />;
}

export const loader = { config: (_options: unknown) => undefined, init: () => Promise.resolve(undefined) };
export const useMonaco = () => null;
export default Editor;
