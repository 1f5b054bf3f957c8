import { DRAFT_MAX_CHARS, type DraftBody, draft, draftOrNone } from "@koc/shared";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api-client";
import { readJson, removeKey, writeJson } from "./storage";
import { storageKeys } from "./storage-keys";

type Language = DraftBody["language"];
interface LocalDraft {
  code: string;
  updatedAt: number;
}

function readLocal(key: string | null): LocalDraft | null {
  if (key === null) return null;
  const value = readJson<unknown>(storageKeys.draft(key), null);
  if (!value || typeof value !== "object") return null;
  const { code, updatedAt } = value as Partial<LocalDraft>;
  return typeof code === "string" && typeof updatedAt === "number" ? { code, updatedAt } : null;
}

/** GET /api/drafts/{key}: the signed-in learner's draft from any device (null: none yet). */
export const draftQuery = (key: string, who: string) =>
  queryOptions({
    queryKey: ["drafts", key, who],
    queryFn: ({ signal }) => api(`/drafts/${encodeURIComponent(key)}`, { schema: draftOrNone, signal }),
    staleTime: 60_000,
  });

const putDraft = (key: string, body: DraftBody) =>
  api(`/drafts/${encodeURIComponent(key)}`, { method: "PUT", body, schema: draft });

/** How long typing pauses before a signed-in learner's draft goes to the server. */
const SAVE_AFTER_MS = 1_200;

export interface EditorDraft {
  /** What the editor starts from; `n` changes whenever the text is replaced from outside (restore, reset, another device). */
  seed: { text: string; n: number };
  /** The text the editor holds now (updated on every keystroke, before React renders). */
  latest: { readonly current: string };
  /** The learner typed: kept in this browser at once, and on the server for a signed-in learner. */
  change: (code: string) => void;
  /** Puts new text into the editor (reset, restore an attempt) and keeps it as the draft. */
  replace: (code: string) => void;
}

/**
 * The editor's draft of one trial or lesson example: in localStorage for everyone, and for a
 * signed-in learner (`who` not null) on the server too, so it follows them to another device (a
 * null `key` keeps nothing: an editor that is not tied to a trial or example). The
 * newer by timestamp wins when the two differ; saves to the server run in order per key.
 */
export function useEditorDraft(
  key: string | null,
  language: Language,
  fallback: string,
  who: string | null,
): EditorDraft {
  const [seed, setSeed] = useState(() => ({ text: readLocal(key)?.code ?? fallback, n: 0 }));
  const latest = useRef(seed.text);
  const localAt = useRef(readLocal(key)?.updatedAt ?? 0);
  const server = useQuery({ ...draftQuery(key ?? "", who ?? ""), enabled: who !== null && key !== null });
  const save = useMutation({
    mutationKey: ["drafts", "save", key],
    mutationFn: (body: DraftBody) => putDraft(key ?? "", body),
    scope: { id: `draft:${key}` },
  });
  const pending = useRef<DraftBody | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const body = pending.current;
    pending.current = null;
    if (body) saveRef.current(body);
  }, []);

  const keep = useCallback(
    (code: string, at: number) => {
      latest.current = code;
      localAt.current = at;
      if (key === null) return;
      if (code === fallback) removeKey(storageKeys.draft(key));
      else writeJson(storageKeys.draft(key), { code, updatedAt: at });
    },
    [key, fallback],
  );

  const change = useCallback(
    (code: string) => {
      const at = Date.now();
      keep(code, at);
      // Beyond the server's limit the draft stays in this browser only (the server would refuse it).
      if (who === null || key === null || code.length > DRAFT_MAX_CHARS) return;
      pending.current = { code, language, updatedAt: at };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [keep, who, key, language, flush],
  );

  const replace = useCallback(
    (code: string) => {
      change(code);
      setSeed((s) => ({ text: code, n: s.n + 1 }));
    },
    [change],
  );

  // A newer draft from another device replaces this browser's older one.
  useEffect(() => {
    const remote = server.data;
    if (!remote || remote.updatedAt <= localAt.current || remote.code === latest.current) return;
    keep(remote.code, remote.updatedAt);
    setSeed((s) => ({ text: remote.code, n: s.n + 1 }));
  }, [server.data, keep]);

  // Leaving the page or closing the trial sends what is still waiting.
  useEffect(() => flush, [flush]);

  return { seed, latest, change, replace };
}

/** A short, stable name for a lesson example's code (its draft key): FNV-1a, base 36. */
export function codeHash(code: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    h ^= code.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
