export { COURSE_LANGUAGE, EXERCISE_FILE, exerciseSections, loadExercises } from "./exercises.js";
export { parseFrontMatter } from "./front-matter.js";
export { type LoadResult, loadCatalogue } from "./load.js";
export { catalogueFile, contentRoot, coursesDir } from "./paths.js";
export type { Catalogue, CourseEntry, ExerciseCase, ExerciseEntry, LessonEntry } from "./schema.js";
export {
  codeBlocks,
  isCompleteJavaProgram,
  proseWordCount,
  unrenderableMarkdown,
  validateCatalogue,
} from "./validate.js";
