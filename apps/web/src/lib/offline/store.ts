import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from "idb";
import { readJson, readToken } from "../storage";
import { storageKeys } from "../storage-keys";
import { SAVED_ASSETS_CACHE } from "./cache-names";

/**
 * The learner's saved copies, in IndexedDB (docs/decisions/0029-offline-learning.md): the API's
 * answers "Save for offline" fetched for them (read back only when the network fails), the courses
 * saved, and the attempts waiting to be graded. Every record carries its owner (the signed-in
 * learner's email); sign-out deletes the whole database and the saved files.
 */
export interface SavedAnswer {
  key: string;
  owner: string;
  /** The API path as the app asks for it ("/materials/course/js-basics"). */
  path: string;
  /** The course it was saved for; null for answers every saved course shares (the catalogue). */
  courseId: string | null;
  body: unknown;
}

export interface SavedCourse {
  key: string;
  owner: string;
  courseId: string;
  title: string;
  /** Bytes this course's lessons and pictures take (the Python runtime is counted apart). */
  bytes: number;
  savedAt: string;
}

export interface QueuedAttempt {
  id?: number;
  owner: string;
  /** A quiz's answers or a trial's submission: which answer the server gives back. */
  kind: "quiz" | "trial";
  /** "/quiz/attempts", "/quiz/course-attempts" or a trial's "/exercises/{id}/submissions". */
  path: string;
  body: unknown;
  /** What the learner sees: the quiz's or trial's title. */
  label: string;
  /** The lesson, course or trial the attempt belongs to, so its page can show and record the grade. */
  ref: { materialId?: string; courseId?: string; exerciseId?: string };
  queuedAt: string;
}

interface OfflineSchema extends DBSchema {
  answers: { key: string; value: SavedAnswer; indexes: { owner: string } };
  courses: { key: string; value: SavedCourse; indexes: { owner: string } };
  outbox: { key: number; value: QueuedAttempt; indexes: { owner: string } };
}

const DB_NAME = "koc-offline";
let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

function db(): Promise<IDBPDatabase<OfflineSchema>> {
  // Version 2: a queued attempt says its kind (trial submissions wait beside quiz answers).
  opened ??= openDB<OfflineSchema>(DB_NAME, 2, {
    async upgrade(database, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        database.createObjectStore("answers", { keyPath: "key" }).createIndex("owner", "owner");
        database.createObjectStore("courses", { keyPath: "key" }).createIndex("owner", "owner");
        database.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }).createIndex("owner", "owner");
      }
      // Version 1 queued only quiz answers: they keep waiting, in their order, as quiz attempts.
      if (oldVersion === 1) {
        let cursor = await tx.objectStore("outbox").openCursor();
        while (cursor) {
          if (!cursor.value.kind) await cursor.update({ ...cursor.value, kind: "quiz" });
          cursor = await cursor.continue();
        }
      }
    },
    // Another tab signed out (deleted the database): let it go, and open again on the next call.
    blocking() {
      void opened?.then((d) => d.close());
      opened = undefined;
    },
  });
  return opened;
}

/** The signed-in learner whose copies may be read, or null for a visitor. */
export function currentOwner(): string | null {
  if (!readToken()) return null;
  const user = readJson<{ email?: unknown } | null>(storageKeys.user, null);
  return typeof user?.email === "string" ? user.email : null;
}

const keyOf = (owner: string, id: string) => `${owner}\n${id}`;

/** The saved answer of a GET path for the signed-in learner, or undefined. */
export async function readSavedAnswer(path: string): Promise<unknown> {
  const owner = currentOwner();
  if (!owner) return undefined;
  const saved = await (await db()).get("answers", keyOf(owner, path));
  return saved?.owner === owner ? saved.body : undefined;
}

/** Stores a course's answers and its record together (one transaction). */
export async function storeSavedCourse(
  owner: string,
  course: Omit<SavedCourse, "key" | "owner">,
  answers: { path: string; courseId: string | null; body: unknown }[],
): Promise<void> {
  const tx = (await db()).transaction(["answers", "courses"], "readwrite");
  const answerStore = tx.objectStore("answers");
  await Promise.all([
    ...answers.map((a) => answerStore.put({ ...a, key: keyOf(owner, a.path), owner })),
    tx.objectStore("courses").put({ ...course, key: keyOf(owner, course.courseId), owner }),
    tx.done,
  ]);
}

export async function listSavedCourses(owner: string): Promise<SavedCourse[]> {
  return (await db()).getAllFromIndex("courses", "owner", owner);
}

/** Forgets one saved course: its record and the answers saved for it alone. */
export async function removeSavedCourse(owner: string, courseId: string): Promise<void> {
  const tx = (await db()).transaction(["answers", "courses"], "readwrite");
  const answers = tx.objectStore("answers");
  for (const a of await answers.index("owner").getAll(owner)) {
    if (a.courseId === courseId) await answers.delete(a.key);
  }
  await tx.objectStore("courses").delete(keyOf(owner, courseId));
  await tx.done;
}

export async function enqueueAttempt(attempt: Omit<QueuedAttempt, "id">): Promise<void> {
  await (await db()).add("outbox", attempt);
}

/** The learner's waiting attempts, oldest first (the order they were made in). */
export async function listQueuedAttempts(owner: string): Promise<QueuedAttempt[]> {
  const all = await (await db()).getAllFromIndex("outbox", "owner", owner);
  return all.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function deleteQueuedAttempt(id: number): Promise<void> {
  await (await db()).delete("outbox", id);
}

/** Sign-out: every saved answer, course, waiting attempt and saved file in this browser goes. */
export async function clearOfflineData(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) (await current.catch(() => undefined))?.close();
  await deleteDB(DB_NAME).catch(() => undefined);
  if (typeof caches !== "undefined") await caches.delete(SAVED_ASSETS_CACHE).catch(() => false);
}
