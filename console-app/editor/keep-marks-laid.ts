/**
 * Keeps an editor's marks laid on its DOM (the refused save's and run's problems, the verification's rules; JDM and
 * DMN editors alike): `lay` clears what it laid before and lays the marks now, and again in the animation frame after
 * any change of the DOM under `root`, since both editors draw their tables lazily and redraw them on every edit. With
 * nothing to mark (`watch` false) the marks are laid (cleared) once and nothing is watched. The answer is the effect's
 * cleanup: it stops watching and takes the marks away (`clear`).
 */
export function keepMarksLaid(root: HTMLElement, lay: () => void, clear: () => void, watch: boolean): () => void {
  let scheduled = 0;
  const layNow = () => {
    scheduled = 0;
    lay();
  };
  layNow();
  if (!watch) return () => undefined;
  const observer = new MutationObserver(() => {
    if (!scheduled) scheduled = requestAnimationFrame(layNow);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    if (scheduled) cancelAnimationFrame(scheduled);
    clear();
  };
}
