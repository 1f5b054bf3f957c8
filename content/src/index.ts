export { COURSE_LANGUAGE, EXERCISE_FILE, exerciseSections, loadExercises } from "./exercises.js";
export {
  courseQuizProblems,
  EXPLAIN_REQUIRED_COURSES,
  explainNamesOption,
  explainProblems,
  lessonExplainProblems,
  lessonHeadings,
} from "./explain-checks.js";
export { parseFrontMatter } from "./front-matter.js";
export {
  type CourseImage,
  courseImages,
  IMAGE_URL_PREFIX,
  imageUrl,
  PUBLIC_IMAGE,
  resolveImages,
  svgProblems,
} from "./images.js";
export { type LoadResult, loadCatalogue } from "./load.js";
export { forgetParsed } from "./parsed.js";
export { catalogueFile, contentDistDir, contentRoot, coursesDir } from "./paths.js";
export type { Catalogue, CourseEntry, CourseQuizEntry, ExerciseCase, ExerciseEntry, LessonEntry } from "./schema.js";
export { COURSE_QUIZ_FILE } from "./schema.js";
export {
  codeBlocks,
  isCompleteJavaProgram,
  proseWordCount,
  unrenderableMarkdown,
  validateCatalogue,
} from "./validate.js";
