/**
 * The JDM editor hands a cell's text to the graph in two debounced steps (the table's change, then the graph's: 100
 * ms each). A write of the page's own (a paste, a rule added by Tab, undo) made within that time would be overwritten
 * by the late hand-over, so it waits until typing has been quiet for a little longer than both.
 */

const QUIET_MS = 300;
let lastInputAt = -Infinity;
let listening = false;

export function listenForTyping(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('input', () => (lastInputAt = performance.now()), true);
}

export function typingSettled(): Promise<void> {
  const wait = lastInputAt + QUIET_MS - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}
