import { useSyncExternalStore } from "react";

/**
 * True while React renders a page's first HTML (the build-time prerender) or hydrates it in the
 * browser. Renders must then match the HTML, which was written for a visitor with an empty
 * browser: state kept in localStorage (the session, course progress) is read in an effect instead.
 */
let hydrating = typeof document === "undefined";

export const isHydrating = (): boolean => hydrating;

export function setHydrating(value: boolean): void {
  hydrating = value;
}

const noSubscription = () => () => undefined;

/**
 * False in the prerender and while hydrating, true from the render after: for what only the
 * browser knows (its clock and locale), which React then fills in right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
