/** The id of the prerendered page's JSON block holding its dehydrated query cache. */
export const PRERENDER_STATE_ID = "koc-state";
