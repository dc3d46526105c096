import 'dmn-js/dist/assets/diagram-js.css';
import 'dmn-js/dist/assets/dmn-js-shared.css';
import 'dmn-js/dist/assets/dmn-js-drd.css';
import 'dmn-js/dist/assets/dmn-js-decision-table.css';
import 'dmn-js/dist/assets/dmn-js-decision-table-controls.css';
import 'dmn-js/dist/assets/dmn-js-literal-expression.css';
import 'dmn-js/dist/assets/dmn-js-boxed-expression.css';
import 'dmn-js/dist/assets/dmn-js-boxed-expression-controls.css';
import 'dmn-js/dist/assets/dmn-font/css/dmn.css';
import '../editor/editor.css';
import './dmn-editor.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readDmnBootstrap } from './bootstrap';
import { DmnEditorApp } from './dmn-editor-app';

/** The DMN editor page's bundle: reads the server's bootstrap data and mounts dmn-js in #dmn-editor. */
export function mountDmnEditor(doc: Document): void {
  const root = doc.getElementById('dmn-editor');
  if (!root) return;
  try {
    const bootstrap = readDmnBootstrap(doc);
    root.textContent = '';
    createRoot(root).render(
      <StrictMode>
        <DmnEditorApp bootstrap={bootstrap} />
      </StrictMode>,
    );
  } catch (error) {
    root.textContent = `The editor could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
}

mountDmnEditor(document);
