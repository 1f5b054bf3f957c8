/**
 * Whether the learner is in the middle of something a reload would lose (a quiz being answered):
 * the "new version" prompt waits until they are not.
 */
let open = 0;
const listeners = new Set<() => void>();

export function markBusy(): () => void {
  open += 1;
  for (const l of listeners) l();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open -= 1;
    for (const l of listeners) l();
  };
}

export const isBusy = (): boolean => open > 0;

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
