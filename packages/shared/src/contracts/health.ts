import { z } from "zod";

export const healthBody = z.object({ status: z.literal("ok"), uptimeSeconds: z.number() });
/** Ready: the database answers and the code runner is set up (its engine: local, judge0 or off). */
export const readyBody = z.object({ status: z.literal("ready"), database: z.string(), runner: z.string() });
