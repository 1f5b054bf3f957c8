import { publicUser } from "@koc/shared";
import { api } from "./api-client";

/** GET /api/auth/me with the stored token, parsed with the shared contract. */
export const fetchMe = () => api("/auth/me", { schema: publicUser });
