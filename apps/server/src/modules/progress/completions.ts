import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { topicCompletionChanges, topicCompletions } from "../../db/schema.js";

/**
 * Takes back every lesson completion of a learner in a course, and records each as undone in the
 * completion history (unenrolling and restarting a course both do; call it inside their transaction).
 */
export async function undoCourseCompletions(tx: DbOrTx, userId: string, courseId: string): Promise<void> {
  const undone = await tx
    .delete(topicCompletions)
    .where(and(eq(topicCompletions.userId, userId), eq(topicCompletions.courseId, courseId)))
    .returning({ materialId: topicCompletions.materialId });
  if (undone.length > 0) {
    await tx
      .insert(topicCompletionChanges)
      .values(undone.map((r) => ({ userId, courseId, materialId: r.materialId, completed: false })));
  }
}
