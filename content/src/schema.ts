import {
  courseAccess,
  courseLevel,
  exerciseDifficulty,
  exerciseLanguage,
  materialType,
  quizQuestion,
  slugId,
} from "@koc/shared";
import { z } from "zod";

export const courseFrontMatter = z.object({
  id: slugId,
  title: z.string().min(3),
  category: z.string().min(2),
  access: courseAccess,
  /** Beginner, Intermediate or Advanced: shown on the course cards. */
  level: courseLevel,
  order: z.number().int().positive(),
});

export const lessonFrontMatter = z.object({
  title: z.string().min(3),
  type: materialType.default("lesson"),
  /**
   * SQL lessons: the table files (content/courses/<course>/tables/<name>.sql, in this order) every
   * ```sql example of the lesson runs on, in place and in the content checks (decision 0033).
   */
  tables: z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a table file's name such as warriors"))
    .min(1)
    .optional(),
  quiz: z.array(
    quizQuestion.extend({
      /**
       * Optional, for a code question (the question text holds a complete program in a ```java
       * fence): the program's exact standard output, or "does not compile". The content tests
       * compile and run the program and check both this and the keyed option against the real JDK.
       */
      expect: z.string().optional(),
    }),
  ),
});

/** The course-level quiz of a course folder. */
export const COURSE_QUIZ_FILE = "course-quiz.yaml";

/**
 * content/courses/<course>/course-quiz.yaml: the course-level quiz. Each question names the lesson
 * that teaches it (its slug: the file name without NN- and .md) and may name a heading there (`see`).
 */
export const courseQuizFile = z.object({
  questions: z.array(quizQuestion.extend({ lesson: z.string().min(1) })),
});

/** A course quiz question as the server stores it: `lesson` resolved to the lesson's id. */
export type CourseQuizEntry = z.infer<typeof quizQuestion> & { lesson: string };

export interface LessonEntry {
  id: string;
  slug: string;
  position: number;
  title: string;
  type: z.infer<typeof materialType>;
  content: string;
  quiz: z.infer<typeof quizQuestion>[];
  /** For each quiz question, its `expect` (code questions only); kept out of `quiz`, which the server stores. */
  quizExpect?: (string | undefined)[];
  /** SQL lessons: the table files named in the front matter. */
  tables?: string[];
  /** SQL lessons: those files' statements in order, the database each ```sql example runs on. */
  sqlSetup?: string;
  /** 1-based line of the lesson file where `content` starts, for the validator's messages; not published. */
  bodyLine?: number;
}

/** One stdin -> stdout case of an exercise; `sample: true` ones are shown to the learner. */
export const exerciseCase = z.object({
  name: z.string().min(1).max(200),
  sample: z.boolean().optional(),
  stdin: z.string().max(100_000),
  stdout: z.string().max(100_000),
});
export type ExerciseCase = z.infer<typeof exerciseCase>;

/** The front matter of content/courses/<course>/exercises/<lesson-stem>.<k>.md (docs: content/README.md). */
export const exerciseFrontMatter = z
  .object({
    title: z.string().min(3).max(200),
    difficulty: exerciseDifficulty,
    language: exerciseLanguage,
    /** Java only: the release the trial is compiled for and run on (17 unless it teaches Java 21). */
    release: z.union([z.literal(17), z.literal(21)]).optional(),
    hints: z.array(z.string().min(1)).min(1, "needs at least 1 hint"),
    /** Absent for an HTML trial (its page is checked by ## Tests instead). */
    cases: z.array(exerciseCase).default([]),
    /**
     * SQL only: whether the rows' order counts (default: the reference has an ORDER BY of its own,
     * outside any subquery).
     */
    ordered: z.boolean().optional(),
    /**
     * SQL only: the query run after the learner's statements, whose result is compared: the trial
     * then takes a script of several statements (creating tables, changing data) instead of a query.
     */
    check: z.string().min(1).optional(),
    /** With a ## Wrong section: the name of the hidden test (SQL: the case) that plausible wrong solution fails. */
    wrong: z
      .object({ fails: z.string().min(1) })
      .strict()
      .optional(),
  })
  .superRefine((fm, ctx) => {
    if (fm.language === "html") {
      if (fm.cases.length > 0)
        ctx.addIssue({
          code: "custom",
          path: ["cases"],
          message: "an html trial has no cases: its ## Tests check the page",
        });
    } else if (!fm.cases.some((c) => c.sample === true)) {
      ctx.addIssue({ code: "custom", path: ["cases"], message: "needs at least 1 case with sample: true" });
    }
  });

/** An auto-graded exercise ("trial"): the server grades submissions on its cases. */
export interface ExerciseEntry {
  /** `<courseId>--<lesson-slug>--<k>` */
  id: string;
  /** The lesson it belongs to: `<courseId>--<lesson-slug>`. */
  materialId: string;
  /** 1, 2, 3: the order within the lesson. */
  k: number;
  title: string;
  difficulty: number;
  language: z.infer<typeof exerciseLanguage>;
  hints: string[];
  /** Markdown: the "## Task" section. */
  statement: string;
  starter: string;
  solution: string;
  cases: ExerciseCase[];
  /** Java: 21 for a trial that teaches a Java 21 feature; absent means 17. */
  release?: 21;
  /** Hidden unit tests (the "## Tests" section): never sent to a learner (an HTML trial's checks are, see pageChecks). */
  tests?: ExerciseTests;
  /** SQL: whether order counts and the check query of a trial that changes data (decision 0030). */
  sql?: { ordered: boolean; check?: string };
  /** A plausible wrong solution ("## Wrong") and the test it fails: only the content checks read it. */
  wrong?: { code: string; fails: string; files?: TrialFile[] };
  /**
   * A multi-file Java project (docs/decisions/0032-multi-file-java-trials.md): every file of the
   * starter and of the reference solution. `starter` and `solution` then hold the entry file (the
   * class Main) so a reader of one file still sees the program's start.
   */
  project?: TrialProject;
}

/** One file of a multi-file trial: a path relative to the project root, e.g. src/main/java/kingdom/Army.java. */
export interface TrialFile {
  path: string;
  code: string;
  /** Shown but never edited nor sent back (the Maven project's pom.xml). */
  readOnly?: true;
}

export interface TrialProject {
  /** "maven": sources under src/main/java, the learner's own tests under src/test/java, a read-only pom.xml. */
  layout: "flat" | "maven";
  starter: TrialFile[];
  solution: TrialFile[];
  /** The entry class's binary name, e.g. kingdom.Main (run with java -cp <classes> kingdom.Main). */
  mainClass: string;
}

/** A trial's hidden unit tests: JUnit 5 (Java), unittest (Python) or node:test (JavaScript). */
export interface ExerciseTests {
  code: string;
  /** Each test's readable name, in source order (JUnit @DisplayName, docstring, test title). */
  names: string[];
  /** Java: the test class (its file is <className>.java). */
  className?: string;
  /** HTML: the viewport width each check runs at, in the order of `names`. */
  widths?: number[];
}

export interface CourseEntry {
  id: string;
  title: string;
  category: string;
  access: z.infer<typeof courseAccess>;
  level: z.infer<typeof courseLevel>;
  order: number;
  description: string;
  lessons: LessonEntry[];
  /** In lesson order, then k. */
  exercises?: ExerciseEntry[];
  /** The course-level quiz (course-quiz.yaml); absent when the course has none. */
  quiz?: CourseQuizEntry[];
}

export interface Catalogue {
  courses: CourseEntry[];
}
