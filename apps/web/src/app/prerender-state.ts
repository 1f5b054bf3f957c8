/** The id of the prerendered page's JSON block holding its dehydrated query cache. */
export const PRERENDER_STATE_ID = "koc-state";

/** The id of the prerendered page's JSON list of the scripts it needs (see boot.ts). */
export const PRELOAD_ID = "koc-preload";
