import { type Course, type EnrolledCourse, enrolledCourse, enrolledCourseList, noContent } from "@koc/shared";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client";
import { readEnrollments, writeEnrollments } from "./enrollment-store";

/**
 * The learner's enrolments: on the server, and cached in the browser under enrolledCourses_{email}
 * (the key older clients used too). The dashboard and the course page read the same query, so an unenrol on one
 * shows on the other.
 */
export const enrollmentsKey = (email: string) => ["enrollments", email] as const;

const path = (courseId: string) => `/enrollments/${encodeURIComponent(courseId)}`;

/** Browser-only enrolments join the server's; for a course on both sides the earlier date wins. */
export function mergeEnrollments(local: EnrolledCourse[], server: EnrolledCourse[]): EnrolledCourse[] {
  const byId = new Map(server.map((c) => [c._id, c]));
  for (const c of local) {
    const s = byId.get(c._id);
    if (!s) byId.set(c._id, c);
    else if (Date.parse(c.enrolledAt) < Date.parse(s.enrolledAt)) byId.set(c._id, { ...s, enrolledAt: c.enrolledAt });
  }
  return [...byId.values()];
}

/**
 * GET /api/enrollments. Enrolments made in this browser before the server knew are sent up first
 * (a course the server does not know is dropped); the result is kept in the browser too.
 */
async function fetchEnrollments(email: string, signal: AbortSignal): Promise<EnrolledCourse[]> {
  const local = readEnrollments(email);
  const server = await api("/enrollments", { schema: enrolledCourseList, signal });
  const onServer = new Set(server.map((c) => c._id));
  const sent = await Promise.all(
    local
      .filter((c) => !onServer.has(c._id))
      .map((c) =>
        api(path(c._id), { method: "PUT", schema: enrolledCourse }).then(
          () => c._id,
          () => null,
        ),
      ),
  );
  const kept = local.filter((c) => onServer.has(c._id) || sent.includes(c._id));
  const merged = mergeEnrollments(kept, server);
  writeEnrollments(email, merged);
  return merged;
}

export const enrollmentsQuery = (email: string) =>
  queryOptions({
    queryKey: enrollmentsKey(email),
    queryFn: ({ signal }) => fetchEnrollments(email, signal),
    // What this browser already knows shows at once; it is marked as a placeholder until the server answers.
    placeholderData: () => readEnrollments(email),
  });

/** Writes the list to the cache and to the browser's copy together. */
function store(client: QueryClient, email: string, list: EnrolledCourse[]) {
  client.setQueryData(enrollmentsQuery(email).queryKey, list);
  writeEnrollments(email, list);
}

/** An optimistic change to the list, with the snapshot to roll back to. */
async function optimistic(client: QueryClient, email: string, change: (list: EnrolledCourse[]) => EnrolledCourse[]) {
  await client.cancelQueries({ queryKey: enrollmentsKey(email) });
  const before = client.getQueryData(enrollmentsQuery(email).queryKey) ?? readEnrollments(email);
  store(client, email, change(before));
  return { before };
}

/** PUT /api/enrollments/{id}: shown at once, rolled back if the server refuses (e.g. a premium course). */
export function useEnroll(email: string) {
  const client = useQueryClient();
  return useMutation({
    // One queue per learner: an enrol and an unenrol of the same course go out in the order clicked.
    scope: { id: `enrollments-${email}` },
    mutationFn: (course: Course) => api(path(course._id), { method: "PUT", schema: enrolledCourse }),
    onMutate: (course) =>
      optimistic(client, email, (list) => [
        ...list.filter((c) => c._id !== course._id),
        { ...course, enrolledAt: new Date().toISOString() },
      ]),
    onSuccess: (stored) => {
      const list = client.getQueryData(enrollmentsQuery(email).queryKey) ?? [];
      store(
        client,
        email,
        list.map((c) => (c._id === stored._id ? stored : c)),
      );
    },
    onError: (_err, _course, context) => {
      if (context) store(client, email, context.before);
    },
  });
}

/** DELETE /api/enrollments/{id}: removed at once, put back if the request fails. */
export function useUnenroll(email: string) {
  const client = useQueryClient();
  return useMutation({
    scope: { id: `enrollments-${email}` },
    mutationFn: (courseId: string) => api(path(courseId), { method: "DELETE", schema: noContent }),
    onMutate: (courseId) => optimistic(client, email, (list) => list.filter((c) => c._id !== courseId)),
    onError: (_err, _courseId, context) => {
      if (context) store(client, email, context.before);
    },
  });
}
