import { type ContactRequest, contactResponse } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function sendContactMessage(body: ContactRequest) {
  return api("/contact", { method: "POST", body, schema: contactResponse });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
