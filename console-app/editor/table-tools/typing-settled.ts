/**
 * The JDM editor hands a cell's text to the graph in two debounced steps (the table's change, then the graph's: 100
 * ms each). A write of the page's own (a paste, a rule added by Tab, undo) made within that time would be overwritten
 * by the late hand-over, so it waits until typing has been quiet for a little longer than both. Only typing into the
 * editor counts (its element is `.editor-graph`: cells, schema fields): the simulator's inputs and the page's other
 * fields are read when used, and typing there made Run wait 300 ms for nothing (docs/performance.md).
 */

const QUIET_MS = 300;
const EDITOR = '.editor-graph';
let lastInputAt = -Infinity;
let listening = false;

export function listenForTyping(): void {
  if (listening) return;
  listening = true;
  document.addEventListener(
    'input',
    (event) => {
      if (event.target instanceof Element && event.target.closest(EDITOR)) lastInputAt = performance.now();
    },
    true,
  );
}

export function typingSettled(): Promise<void> {
  const wait = lastInputAt + QUIET_MS - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
