import {
  authResponse,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  messageBody,
  publicUser,
} from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/auth/me: the account as the server knows it (member since, premium). */
export const accountQuery = (email: string) =>
  queryOptions({
    queryKey: ["account", email],
    queryFn: ({ signal }) => api("/auth/me", { schema: publicUser, signal }),
  });

/** POST /api/auth/change-password: the answer carries a fresh token; every other session has ended. */
export const changePasswordCall = (body: ChangePasswordRequest) =>
  api("/auth/change-password", { method: "POST", body, schema: authResponse });

/** POST /api/auth/logout-everywhere: every token issued so far stops working, this one included. */
export const logoutEverywhereCall = () =>
  api("/auth/logout-everywhere", { method: "POST", body: {}, schema: messageBody });

/** POST /api/account/delete: the password again and an explicit yes; every session ends with the account. */
export const deleteAccountCall = (body: DeleteAccountRequest) =>
  api("/account/delete", { method: "POST", body, schema: messageBody });
