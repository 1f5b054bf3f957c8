/**
 * A small lexical retriever over the lessons: each lesson is cut into passages at its ## and ###
 * headings, and a question is scored against them with BM25. Code blocks are left out of the
 * quoted text but their words still count, so "ArrayList" finds the collections lesson.
 */
export interface Passage {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonTitle: string;
  heading: string;
  text: string;
  terms: Map<string, number>;
  length: number;
}

export interface LessonSource {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonTitle: string;
  content: string;
}

const STOP = new Set(
  "a an and are as at be but by can do does for from how i in into is it its me my of on or so that the their them then there these this to too us was we what when where which who why will with you your about explain tell please help want know use using should could would".split(
    " ",
  ),
);

/** Abbreviations learners type, expanded to the words lessons use. */
const EXPAND: Record<string, string[]> = {
  oop: ["object", "oriented", "encapsulation", "inheritance", "polymorphism", "abstraction"],
  js: ["javascript"],
  py: ["python"],
  dsa: ["data", "structure", "algorithm"],
  db: ["database"],
  bfs: ["breadth", "first", "search"],
  dfs: ["depth", "first", "search"],
  dp: ["dynamic", "programming"],
};

export function expandQuery(tokens: string[]): string[] {
  return tokens.flatMap((t) => [t, ...(EXPAND[t] ?? [])]);
}

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9+#]*/g) ?? [])
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map((t) => (t.length > 4 && t.endsWith("s") && !t.endsWith("ss") ? t.slice(0, -1) : t));
}

function prose(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```\s*$/gm, " ")
    .replace(/[*_`]/g, "")
    .replace(/\n{2,}/g, "\n\n")
    .trim();
}

export function splitPassages(lesson: LessonSource): Passage[] {
  const sections = lesson.content.split(/^(?=#{2,3}\s)/m);
  return sections.map((section) => {
    const heading = /^#{2,3}\s+(.*)$/m.exec(section)?.[1]?.trim() ?? lesson.lessonTitle;
    const body = section.replace(/^#{2,3}\s+.*$/m, "");
    const tokens = tokenize(`${lesson.lessonTitle} ${heading} ${heading} ${body}`);
    const terms = new Map<string, number>();
    for (const t of tokens) terms.set(t, (terms.get(t) ?? 0) + 1);
    return { ...lesson, heading, text: prose(body), terms, length: tokens.length };
  });
}

export interface ScoredPassage {
  passage: Passage;
  score: number;
}

export function buildIndex(lessons: LessonSource[]) {
  const passages = lessons.flatMap(splitPassages).filter((p) => p.text.length > 40);
  const df = new Map<string, number>();
  for (const p of passages) for (const t of p.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avgLength = passages.reduce((n, p) => n + p.length, 0) / Math.max(1, passages.length);
  const N = passages.length;

  return {
    size: N,
    search(question: string, limit = 3): ScoredPassage[] {
      const q = [...new Set(expandQuery(tokenize(question)))];
      if (q.length === 0) return [];
      const k1 = 1.2;
      const b = 0.75;
      return passages
        .map((passage) => {
          let score = 0;
          for (const t of q) {
            const f = passage.terms.get(t);
            if (!f) continue;
            const idf = Math.log(1 + (N - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
            score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * passage.length) / avgLength));
          }
          return { passage, score };
        })
        .filter((s) => s.score > 0)
        .sort((a, z) => z.score - a.score)
        .slice(0, limit);
    },
  };
}

export type LessonIndex = ReturnType<typeof buildIndex>;
