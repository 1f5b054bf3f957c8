import MiniSearch, { type SearchResult } from "minisearch";

/**
 * Lexical retrieval over the lessons with MiniSearch: each lesson is cut into passages at its ## and
 * ### headings and indexed by lesson title, section heading, prose and code. Code blocks are left out
 * of the quoted text but their words still count, so "ArrayList" finds the collections lesson.
 * Every lookup table here is a Map or a Set: words such as "constructor" or "__proto__" must never
 * reach Object.prototype.
 */
export interface Passage {
  id: number;
  courseId: string;
  courseTitle: string;
  materialId: string;
  /** The lesson's title. */
  title: string;
  /** The section heading (the lesson title for text before the first heading). */
  section: string;
  /** Prose, without code blocks: what may be quoted. */
  text: string;
  code: string;
  /** Only premium learners may read it (a premium course's lesson other than its free preview). */
  locked: boolean;
}

export interface LessonSource {
  courseId: string;
  courseTitle: string;
  materialId: string;
  title: string;
  content: string;
  locked: boolean;
}

const STOP = new Set(
  "a an and are as at be but by can do does did for from how i in into is it its me my of on or so that the their them then there these this to too us was we what when where which who why will with you your about explain tell please help want know use using should could would get got make why whats what's vs".split(
    " ",
  ),
);

/** Abbreviations and everyday words learners type, expanded to the words lessons use. */
const EXPAND = new Map<string, string[]>([
  ["oop", ["object", "oriented", "encapsulation", "inheritance", "polymorphism", "abstraction"]],
  ["js", ["javascript"]],
  ["py", ["python"]],
  ["dsa", ["data", "structure", "algorithm"]],
  ["db", ["database"]],
  ["bfs", ["breadth", "first", "search"]],
  ["dfs", ["depth", "first", "search"]],
  ["dp", ["dynamic", "programming"]],
  ["npe", ["nullpointerexception", "null"]],
  ["fastest", ["sort", "complexity"]],
  ["sorting", ["sort"]],
  ["async", ["asynchronous", "await", "promise"]],
  ["hashmap", ["map"]],
  ["dict", ["dictionary"]],
  ["ctor", ["constructor"]],
]);

/** Lower-case, drop stop words, fold simple plurals: the same for documents and questions. */
export function normalizeTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/'s$/, "");
  if (t.length < 2 || STOP.has(t) || !/[a-z]/.test(t)) return null;
  if (t.length > 4 && t.endsWith("ies")) return `${t.slice(0, -3)}y`;
  if (t.length > 4 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us")) return t.slice(0, -1);
  return t;
}

function queryTerm(term: string): string[] | null {
  const t = normalizeTerm(term);
  if (!t) return null;
  return [t, ...(EXPAND.get(t) ?? [])];
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}_#+]+/u).filter(Boolean);

function prose(markdown: string): string {
  return markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, " ")
    .replace(/[*_`]/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function codeOf(markdown: string): string {
  return [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => m[1] ?? "").join("\n");
}

export function splitPassages(lesson: LessonSource, firstId = 0): Passage[] {
  return lesson.content
    .split(/^(?=#{2,3}\s)/m)
    .map((section) => {
      const section_ = /^#{2,3}\s+(.*)$/m.exec(section)?.[1]?.trim() ?? lesson.title;
      const body = section.replace(/^#{2,3}\s+.*$/m, "");
      return {
        id: 0,
        courseId: lesson.courseId,
        courseTitle: lesson.courseTitle,
        materialId: lesson.materialId,
        title: lesson.title,
        section: section_,
        text: prose(body),
        code: codeOf(body),
        locked: lesson.locked,
      };
    })
    .filter((p) => p.text.length > 40 || p.code.length > 40)
    .map((p, i) => ({ ...p, id: firstId + i }));
}

export interface ScoredPassage {
  passage: Passage;
  score: number;
}

export interface SearchOptions {
  limit?: number;
  /** Passages of this lesson (and, less, this course) rank higher: the learner has it open. */
  materialId?: string | undefined;
  courseId?: string | undefined;
  /** Search inside this lesson only (its best section). */
  within?: string | undefined;
}

/** A language named in the question points to its course ("in Java, ..." prefers the Java course). */
const COURSE_WORDS = new Map<string, string>([
  ["java", "java-programming"],
  ["python", "python-programming"],
  ["javascript", "javascript-fundamentals"],
  ["js", "javascript-fundamentals"],
  ["react", "react-development"],
  ["sql", "sql-databases"],
  ["git", "git-version-control"],
  ["html", "html-css-foundations"],
  ["css", "html-css-foundations"],
]);

function namedCourses(question: string): Set<string> {
  const named = new Set<string>();
  for (const word of tokenize(question.toLowerCase())) {
    const course = COURSE_WORDS.get(word);
    if (course) named.add(course);
  }
  return named;
}

export function buildIndex(lessons: LessonSource[]) {
  const passages: Passage[] = [];
  for (const lesson of lessons) passages.push(...splitPassages(lesson, passages.length));
  const byId = new Map(passages.map((p) => [p.id, p]));
  const search = new MiniSearch<Passage>({
    fields: ["title", "section", "text", "code"],
    storeFields: [],
    tokenize,
    processTerm: normalizeTerm,
    searchOptions: {
      boost: { title: 3, section: 2, text: 1, code: 0.5 },
      prefix: (term) => term.length > 5,
      fuzzy: (term) => (term.length > 6 ? 0.15 : false),
      processTerm: queryTerm,
    },
  });
  search.addAll(passages);

  return {
    size: passages.length,
    passages,
    /** The best passages, at most one per lesson, best first. */
    search(question: string, options: SearchOptions = {}): ScoredPassage[] {
      const limit = options.limit ?? 3;
      const named = namedCourses(question);
      const results: SearchResult[] = search.search(question, {
        ...(options.within
          ? { filter: (r: SearchResult) => byId.get(Number(r.id))?.materialId === options.within }
          : {}),
        boostDocument: (id) => {
          const p = byId.get(Number(id));
          if (!p) return 1;
          if (options.materialId && p.materialId === options.materialId) return 1.6;
          if (options.courseId && p.courseId === options.courseId) return 1.2;
          return named.has(p.courseId) ? 1.3 : 1;
        },
      });
      const seen = new Set<string>();
      const out: ScoredPassage[] = [];
      for (const r of results) {
        const passage = byId.get(Number(r.id));
        if (!passage || seen.has(passage.materialId)) continue;
        seen.add(passage.materialId);
        out.push({ passage, score: r.score });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

export type LessonIndex = ReturnType<typeof buildIndex>;
