import { z } from "zod";

export const healthBody = z.object({ status: z.literal("ok"), uptimeSeconds: z.number() });
export const readyBody = z.object({ status: z.literal("ready"), database: z.string() });
