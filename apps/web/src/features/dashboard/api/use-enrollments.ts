import { type Course, type EnrolledCourse, enrolledCourse, enrolledCourseList } from "@koc/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../lib/api-client";
import { readEnrollments, writeEnrollments } from "../../../lib/enrollment-store";

/** Browser-only enrolments join the server's; for a course on both sides the earlier date wins. */
function mergeLists(local: EnrolledCourse[], server: EnrolledCourse[]): EnrolledCourse[] {
  const byId = new Map(server.map((c) => [c._id, c]));
  for (const c of local) {
    const s = byId.get(c._id);
    if (!s) byId.set(c._id, c);
    else if (Date.parse(c.enrolledAt) < Date.parse(s.enrolledAt)) byId.set(c._id, { ...s, enrolledAt: c.enrolledAt });
  }
  return [...byId.values()];
}

/**
 * The learner's enrolments, kept under enrolledCourses_{email} in the browser and on the server, so
 * they follow the learner to another device.
 */
export function useEnrollments(email: string) {
  const [courses, setCourses] = useState<EnrolledCourse[]>(() => readEnrollments(email));
  const [syncing, setSyncing] = useState(true);
  const latest = useRef(courses);

  const save = useCallback(
    (next: EnrolledCourse[]) => {
      latest.current = next;
      writeEnrollments(email, next);
      setCourses(next);
    },
    [email],
  );

  useEffect(() => {
    let current = true;
    const local = readEnrollments(email);
    latest.current = local;
    setCourses(local);
    api("/enrollments", { schema: enrolledCourseList })
      .then(async (server) => {
        const onServer = new Set(server.map((c) => c._id));
        // Enrolments made in this browser before the server knew: send them up (unknown courses are dropped).
        const missing = local.filter((c) => !onServer.has(c._id));
        const sent = await Promise.all(
          missing.map((c) =>
            api(`/enrollments/${encodeURIComponent(c._id)}`, { method: "PUT", schema: enrolledCourse }).then(
              () => c,
              () => null,
            ),
          ),
        );
        const kept = local.filter((c) => onServer.has(c._id) || sent.some((s) => s?._id === c._id));
        if (current) save(mergeLists(kept, server));
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setSyncing(false);
      });
    return () => {
      current = false;
    };
  }, [email, save]);

  const enroll = useCallback(
    async (course: Course) => {
      const before = latest.current;
      save([...before.filter((c) => c._id !== course._id), { ...course, enrolledAt: new Date().toISOString() }]);
      try {
        const stored = await api(`/enrollments/${encodeURIComponent(course._id)}`, {
          method: "PUT",
          schema: enrolledCourse,
        });
        save(latest.current.map((c) => (c._id === stored._id ? stored : c)));
      } catch (err) {
        save(before);
        throw err;
      }
    },
    [save],
  );

  const unenroll = useCallback(
    async (courseId: string) => {
      const before = latest.current;
      save(before.filter((c) => c._id !== courseId));
      try {
        await api(`/enrollments/${encodeURIComponent(courseId)}`, { method: "DELETE" });
      } catch (err) {
        save(before);
        throw err;
      }
    },
    [save],
  );

  return { courses, syncing, enroll, unenroll };
}
