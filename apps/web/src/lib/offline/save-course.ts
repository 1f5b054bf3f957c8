import { zoneQuery } from "../progress-sync";
import { readToken } from "../storage";
import { SAVED_ASSETS_CACHE } from "./cache-names";
import { currentOwner, storeSavedCourse } from "./store";

/** One file to store in the saved cache, with its size when the server states it. */
interface PlannedFile {
  url: string;
  bytes: number;
}

/**
 * What saving a course takes, measured before anything is stored: its lessons' texts (already
 * fetched, a few kilobytes each: they name the pictures), the pictures and the Python runtime's
 * files not saved yet (their sizes on the device, from the build's sizes.json).
 */
export interface SavePlan {
  owner: string;
  courseId: string;
  title: string;
  answers: { path: string; courseId: string | null; body: unknown }[];
  pictures: PlannedFile[];
  runtime: PlannedFile[];
  /** The course's own bytes: lesson texts and pictures. */
  courseBytes: number;
  /** The runtime's bytes still to download (0 once another course saved it). */
  runtimeBytes: number;
}

export interface SaveProgress {
  done: number;
  total: number;
}

const PICTURES = "/assets/content/";
const PICTURE = /\/assets\/content\/[a-z0-9-]+\/[a-z0-9.-]+\.svg/g;

/** GET /api{path} with the learner's token, as JSON; null for a refusal (403 premium, 404). */
async function fetchAnswer(path: string, signal?: AbortSignal): Promise<unknown> {
  const token = readToken();
  const res = await fetch(`/api${path}`, {
    headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(signal ? { signal } : {}),
  });
  if (res.status >= 400 && res.status < 500) return null;
  if (!res.ok) throw new Error(`The server could not answer (${res.status}). Try again later.`);
  return res.json();
}

/**
 * The bytes of each file under a folder, from the sizes.json the build writes there (vite.config.ts):
 * what the files take on the device. Empty when the build wrote none (a dev server).
 */
async function folderSizes(folder: string, signal?: AbortSignal): Promise<Map<string, number>> {
  // Revalidated: the file keeps its name from one build to the next.
  const res = await fetch(`${folder}sizes.json`, { cache: "no-cache", ...(signal ? { signal } : {}) });
  if (!res.ok) return new Map();
  const sizes = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return new Map(
    Object.entries(sizes).flatMap(([name, n]) => (typeof n === "number" ? [[`${folder}${name}`, n] as const] : [])),
  );
}

const runtimeFiles = (): string[] => {
  const base = import.meta.env.PYODIDE_BASE as string | undefined;
  const files = import.meta.env.PYODIDE_FILES as string[] | undefined;
  return base && files ? files.map((f) => base + f) : [];
};

/**
 * Measures a course for saving. Only what the server gives this learner is kept: a lesson it
 * refuses (a premium lesson for a free learner) is left out, so a saved copy never holds more than
 * the learner can read online.
 */
export async function planSave(
  course: { _id: string; title: string },
  materials: { _id: string; open: boolean }[],
  signal?: AbortSignal,
): Promise<SavePlan> {
  const owner = currentOwner();
  if (!owner) throw new Error("Sign in to save a course for offline reading.");
  const id = encodeURIComponent(course._id);
  const shared = ["/courses", "/enrollments", `/progress${zoneQuery()}`];
  const own = [
    `/courses/${id}`,
    `/materials/course/${id}`,
    `/courses/${id}/quiz`,
    `/progress/${id}${zoneQuery()}`,
    ...materials.filter((m) => m.open).map((m) => `/materials/${encodeURIComponent(m._id)}`),
  ];
  const trialList = `/exercises?courseId=${id}`;
  const fetchAll = (paths: string[]) =>
    Promise.all(paths.map(async (path) => ({ path, body: await fetchAnswer(path, signal) })));
  const fetched = await fetchAll([...shared, ...own, trialList]);
  // The trials of the lessons kept: their task and help, so that they open (and can be submitted,
  // to wait for the connection) offline.
  const open = new Set(materials.filter((m) => m.open).map((m) => m._id));
  const trials = fetched.find((a) => a.path === trialList)?.body;
  const trialPaths = (
    Array.isArray(trials) ? (trials as { _id?: unknown; materialId?: unknown; open?: unknown }[]) : []
  )
    .filter((t) => typeof t._id === "string" && open.has(String(t.materialId)) && t.open !== false)
    .flatMap((t) => {
      const base = `/exercises/${encodeURIComponent(String(t._id))}`;
      return [base, `${base}/help`];
    });
  fetched.push(...(await fetchAll(trialPaths)));
  const answers = fetched
    .filter((a) => a.body !== null)
    .map((a) => ({ ...a, courseId: shared.includes(a.path) ? null : course._id }));
  const texts = answers.filter((a) => a.courseId !== null).map((a) => JSON.stringify(a.body));
  const pictureUrls = [...new Set(texts.flatMap((t) => t.match(PICTURE) ?? []))];
  const cache = await caches.open(SAVED_ASSETS_CACHE);
  const sizes = new Map([
    ...(await folderSizes(PICTURES, signal)),
    ...(await folderSizes((import.meta.env.PYODIDE_BASE as string | undefined) ?? "/", signal)),
  ]);
  const missing = async (urls: string[]) =>
    (await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? null : url))))
      .filter((url): url is string => url !== null)
      .map((url) => ({ url, bytes: sizes.get(url) ?? 0 }));
  const [pictures, runtime] = await Promise.all([missing(pictureUrls), missing(runtimeFiles())]);
  const sum = (list: PlannedFile[]) => list.reduce((n, f) => n + f.bytes, 0);
  return {
    owner,
    courseId: course._id,
    title: course.title,
    answers,
    pictures,
    runtime,
    courseBytes: texts.reduce((n, t) => n + new Blob([t]).size, 0) + sum(pictures),
    runtimeBytes: sum(runtime),
  };
}

/** Downloads one file into the saved cache, counting its bytes as they arrive. */
async function store(cache: Cache, url: string, onBytes: (n: number) => void, signal?: AbortSignal) {
  const res = await fetch(url, signal ? { signal } : {});
  if (!res.ok || !res.body) throw new Error(`A file could not be downloaded (${url}).`);
  const chunks: Uint8Array[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.byteLength);
  }
  const type = res.headers.get("content-type");
  await cache.put(url, new Response(new Blob(chunks as BlobPart[]), { headers: type ? { "content-type": type } : {} }));
}

/**
 * Stores what the plan measured: the files first (with progress, in bytes), then the lessons'
 * answers and the course's record together, so a course counts as saved only once all of it is.
 */
export async function runSave(plan: SavePlan, onProgress: (p: SaveProgress) => void, signal?: AbortSignal) {
  if (currentOwner() !== plan.owner) throw new Error("You signed out: nothing was saved.");
  const cache = await caches.open(SAVED_ASSETS_CACHE);
  const files = [...plan.pictures, ...plan.runtime];
  const total = Math.max(
    1,
    files.reduce((n, f) => n + f.bytes, 0),
  );
  let done = 0;
  onProgress({ done, total });
  for (const file of files) {
    await store(
      cache,
      file.url,
      (n) => {
        done = Math.min(total, done + n);
        onProgress({ done, total });
      },
      signal,
    );
  }
  if (currentOwner() !== plan.owner) throw new Error("You signed out: nothing was saved.");
  await storeSavedCourse(
    plan.owner,
    {
      courseId: plan.courseId,
      title: plan.title,
      bytes: plan.courseBytes,
      savedAt: new Date().toISOString(),
    },
    plan.answers,
  );
  onProgress({ done: total, total });
}

/** "1.2 MB", "180 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
