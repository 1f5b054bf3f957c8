import { type MentorChatRequest, mentorChatResponse } from "@koc/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/ai/chat, parsed with the shared contract. */
export function sendChat(body: MentorChatRequest) {
  return api("/ai/chat", { method: "POST", body, schema: mentorChatResponse });
}

export function useSendChat() {
  return useMutation({ mutationFn: sendChat });
}
