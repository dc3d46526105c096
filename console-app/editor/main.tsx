import '@gorules/jdm-editor/dist/style.css';
import './editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readBootstrap } from './bootstrap';
import { EditorApp } from './editor-app';

/** The editor page's bundle: reads the server's bootstrap data and mounts the editor in #model-editor. */
export function mountEditor(doc: Document): void {
  const root = doc.getElementById('model-editor');
  if (!root) return;
  try {
    const bootstrap = readBootstrap(doc);
    root.textContent = '';
    createRoot(root).render(
      <StrictMode>
        <EditorApp bootstrap={bootstrap} />
      </StrictMode>,
    );
  } catch (error) {
    root.textContent = `The editor could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

mountEditor(document);
