export { parseFrontMatter } from "./front-matter.js";
export { type LoadResult, loadCatalogue } from "./load.js";
export { catalogueFile, contentRoot, coursesDir } from "./paths.js";
export type { Catalogue, CourseEntry, LessonEntry } from "./schema.js";
export {
  codeBlocks,
  isCompleteJavaProgram,
  proseWordCount,
  unrenderableMarkdown,
  validateCatalogue,
} from "./validate.js";
