import { codeBlocks, parseMarkdown, proseOf, type RootContent, sections } from "@koc/shared/markdown";
import MiniSearch, { type SearchResult } from "minisearch";
import { knownError } from "./explain/table.js";
import { HINGLISH } from "./voice.js";

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
  ["redis", ["cache"]],
  ["memcached", ["cache"]],
  ["debug", ["debugger", "debugging", "breakpoint"]],
  ["unique", ["set", "duplicate"]],
  ["stop", ["break"]],
  ["constant", ["final", "static"]],
  ["ctor", ["constructor"]],
  ["grouped", ["group", "groupingby"]],
  ["grouping", ["group", "groupingby"]],
  // Hinglish verbs and nouns learners use for what lessons say in English ("loop baar baar chal raha
  // hai, kaise rokein?": the loop keeps running, how do I stop it?).
  ["baar", ["again", "repeat"]],
  ["rok", ["stop", "break"]],
  ["roke", ["stop", "break"]],
  ["rokein", ["stop", "break"]],
  ["rokna", ["stop", "break"]],
  ["roko", ["stop", "break"]],
  ["chal", ["run"]],
  ["chalta", ["run"]],
  ["chalti", ["run"]],
  ["galti", ["mistake", "error"]],
  ["galat", ["wrong", "mistake"]],
  ["pehla", ["first"]],
  ["pehli", ["first"]],
  ["sirf", ["only"]],
  ["kitne", ["count"]],
  ["kitna", ["count"]],
  ["kitni", ["count"]],
  ["milta", ["get"]],
  ["milte", ["get"]],
  ["milti", ["get"]],
  ["milega", ["get"]],
  ["nikale", ["find", "get"]],
  ["nikalna", ["find", "get"]],
  ["nikalo", ["find", "get"]],
  ["dhundhe", ["find", "search"]],
  ["dhundhna", ["find", "search"]],
  ["dhundo", ["find", "search"]],
  ["hatana", ["remove", "delete"]],
  ["hatao", ["remove", "delete"]],
  ["jodna", ["join", "add"]],
  ["jodo", ["join", "add"]],
  ["dikhana", ["show", "display"]],
  ["dikhao", ["show", "display"]],
  ["fark", ["difference"]],
  ["farak", ["difference"]],
  ["kam", ["less"]],
  ["zyada", ["more"]],
  ["dono", ["both"]],
  ["alag", ["different", "separate"]],
  ["ulta", ["reverse"]],
  ["rukna", ["stop", "pause"]],
  ["ruke", ["stop", "pause"]],
  ["rukta", ["stop", "pause"]],
  ["baante", ["split", "divide"]],
  ["baantna", ["split", "divide"]],
  ["gayab", ["missing", "disappear"]],
]);

/**
 * Hindi's postpositions and little words in Latin letters ("child class ko parent class ke methods"):
 * stop words of a question, with HINGLISH's. English's "me" and "do" are stop words already.
 */
const HINDI_LITTLE = new Set(
  "ko ke ki ka se mein jo ek bhi hi pe par na wale wala wali jaise jaisa liye andar bahar neeche upar saath baad pehle abhi ab kare karu kiya karke hu ho raha aata aati aate aa jata jati jate karne lagaya lagayi lagane padta padti bahut kai sab saare saari toh usko isko unko inko jinka jinke unke iske uske".split(
    " ",
  ),
);

/** Lower-case, drop stop words, fold simple plurals: the same for documents and questions. */
export function normalizeTerm(term: string): string | null {
  const t = term.toLowerCase().replace(/'s$/, "");
  if (t.length < 2 || STOP.has(t) || !/[a-z]/.test(t)) return null;
  if (t.length > 4 && t.endsWith("ies")) return `${t.slice(0, -3)}y`;
  // classes, boxes, matches, wishes: the plural adds "es" after s, x, ch or sh.
  if (t.length > 4 && /(ss|x|ch|sh)es$/.test(t)) return t.slice(0, -2);
  if (t.length > 4 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us")) return t.slice(0, -1);
  return t;
}

function queryTerm(term: string): string[] | null {
  const word = term.toLowerCase();
  const expanded = EXPAND.get(word);
  // Hindi's function words in Latin letters ("hai", "kaise") are a question's stop words too; the
  // lessons are in English, so left in they only find look-alikes by prefix or typo tolerance.
  if (!expanded && (HINGLISH.has(word) || HINDI_LITTLE.has(word)) && !ENGLISH_TOO.has(word)) return null;
  const t = normalizeTerm(word);
  const terms = [t, ...(expanded ?? []).map(normalizeTerm)].filter((x): x is string => x !== null);
  return terms.length > 0 ? terms : null;
}

/** Hinglish words that are also English words lessons use. */
const ENGLISH_TOO = new Set(["tab"]);

/**
 * Operators asked about by their symbols, which the word index cannot see, get the words lessons
 * name them by: "i++ vs ++i", "what does % do", "how does ? : work", "why 7/2 gives 3".
 */
const OPERATOR_WORDS: [RegExp, string][] = [
  // i++, i--, ++i (not git's --hard)
  [/\w(\+\+|--)(?![\w-])|(?<![\w+])\+\+\w/, "increment decrement"],
  // % alone, not printf's %d or %.2f, nor "50%"
  [/(?<!\d)%(?![-#+0,(]*\d*(\.\d+)?[a-zA-Z%])/, "remainder modulo operator"],
  // "? :", or a ? b : c (not "right? error: ...")
  [/\?\s*:|\s\?\s[^?:\s]+\s:\s/, "ternary operator"],
  [/\b\d+\s*\/\s*\d+\b/, "integer division"],
];

/**
 * The text searched for a question: "bar bar" (again and again, in Hinglish) is not the English
 * "bar" of a navigation bar; operators' symbols bring their names.
 */
const questionText = (question: string) =>
  [question.replace(/\bba?ar\s+ba?ar\b/gi, "baar"), ...operatorNames(question), ...phraseWords(question)].join(" ");

/**
 * Everyday phrases and shapes of code for what lessons name with their own words: a parent class is
 * a superclass, `<T>` a type parameter, O(log n) a complexity.
 */
const PHRASE_WORDS: [RegExp, string][] = [
  [/\b(parent|base)\s+class/i, "superclass"],
  [/\b(child|derived)\s+class/i, "subclass"],
  // Code shapes: an array declared, made or indexed (int[] a, new int[5], marks[1]), a type
  // parameter, a primitive as a type argument, Big-O notation, a variable whose declared type is not
  // the class it is made from, a Python default that is a list or a dict.
  [/\w\[\]|\bnew \w+\[\d*\]|\b[a-z]\w*\[\d+\]/, "array element index"],
  [/<\s*[A-Z]\s*(,\s*[A-Z]\s*)*>/, "generic type parameter"],
  [/<\s*(int|double|long|char|boolean|float|short|byte)\s*>/, "primitive wrapper"],
  [/\bO\(\s*(1|n|log|n\s*\^|n\s*\*|n2|n²)[^()]*\)/, "complexity"],
  [/\b([A-Z]\w*)\s+[a-z]\w*\s*=\s*new\s+(?!\1\b)[A-Z]\w*\s*\(/, "polymorphism declared actual type"],
  [/\bdef\s+\w+\([^)]*\w\s*=\s*(\[\]|\{\}|list\(\)|dict\(\))/, "default mutable"],
  // Everyday words for an idea a lesson names.
  [/\b(becomes?|turns?|goes|went|became|going) negative\b/i, "overflow"],
  [/\bleading zeros?\b|\bdecimal places\b|\bdigits after the (decimal )?(point|dot)\b/i, "format"],
  [
    /\b(every|each) (second|other|third|2nd|3rd|alternate) (rows?|items?|elements?|lines?|child|li|boxe?s?|cards?|paragraphs?)\b|\b(odd|even|alternate) (rows|items|lines|children)\b/i,
    "nth-child",
  ],
  [/\bin the background\b|\bbackground (jobs?|tasks?|workers?)\b/i, "asynchronous queue"],
  // A copy kept in memory, or kept there for speed or so as not to ask every time: a cache (a whole
  // file read into memory is not).
  [
    /\b(copy|copies)\b[^.?!]*\bin memory\b|\bin memory\b[^.?!]*\b(faster|speed|quick\w*|(each|every) time)\b|\b(faster|speed|quick\w*)\b[^.?!]*\bin memory\b/i,
    "cache",
  ],
  [
    /(\badd\w*|\bappend\w*|\bconcat\w*|\+=)[^.?!]*\bstrings?\b[^.?!]*\bloop|\bstrings?\b[^.?!]*(\badd\w*|\bconcat\w*|\+=)[^.?!]*\bloop/i,
    "stringbuilder",
  ],
  [/\b(show|render|display|hide)\w*\b[^.?!]*\bonly (if|when)\b/i, "conditional rendering"],
  [/\b(fixed|set|list|group) of (named )?constants\b/i, "enum"],
  [/\b(count\w*|print\w*|loop\w*|iterat\w*) (down|backwards?)\b|\bdown to \d/i, "loop count down decrement"],
  [/\bwithout (an |the |using an? )?index\b/i, "enhanced for"],
];

export function phraseWords(question: string): string[] {
  const words = PHRASE_WORDS.filter(([phrase]) => phrase.test(question)).map(([, w]) => w);
  // Two or more primitive types set side by side ("int or long", "float vs double") is a question
  // about the primitive types themselves, not about converting one into another.
  const primitives = new Set(question.toLowerCase().match(/\b(int|long|short|byte|double|float|char|boolean)\b/g));
  if (primitives.size >= 2 && /\b(diff\w*|vs|versus|or|which|compare\w*)\b/i.test(question))
    words.push("primitive types");
  // A count or an average per group is a grouping: SQL's GROUP BY, Java's groupingBy.
  if (PER_GROUP.test(question)) words.push("grouping aggregate");
  return words;
}

/** The names of the operators a question shows by their symbols. */
export function operatorNames(question: string): string[] {
  return OPERATOR_WORDS.filter(([symbol]) => symbol.test(question)).map(([, words]) => words);
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}_#+]+/u).filter(Boolean);

/** A section's prose as written, without code blocks and without the marks `*`, `_` and backticks. */
function prose(markdown: string, nodes: readonly RootContent[]): string {
  return proseOf(markdown, nodes)
    .replace(/[*_`]/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

interface LessonSection {
  heading: string | undefined;
  text: string;
  code: string;
}

/**
 * Each lesson text's sections, parsed once per text. The parse is a pure function of the Markdown
 * and the index's costliest step (about a second for the catalogue): a server builds its index
 * once, but the test files of one test worker each build one from the same lessons.
 */
const sectionsByText = new Map<string, LessonSection[]>();
const MAX_KEPT_TEXTS = 5_000;

function lessonSections(content: string): LessonSection[] {
  let found = sectionsByText.get(content);
  if (!found) {
    found = sections(parseMarkdown(content), [2, 3]).map((part) => ({
      heading: part.heading,
      text: prose(content, part.nodes),
      code: codeOf(part.nodes),
    }));
    if (sectionsByText.size >= MAX_KEPT_TEXTS) sectionsByText.clear();
    sectionsByText.set(content, found);
  }
  return found;
}

/**
 * Cuts a lesson at its ## and ### headings, read by the one Markdown grammar (@koc/shared/markdown),
 * so a `## comment` inside a code block never starts a section. The section is the heading as the
 * lesson page shows it, which is also what its link's `section-…` id is made from.
 */
export function splitPassages(lesson: LessonSource, firstId = 0): Passage[] {
  return lessonSections(lesson.content)
    .map((part) => {
      return {
        id: 0,
        courseId: lesson.courseId,
        courseTitle: lesson.courseTitle,
        materialId: lesson.materialId,
        title: lesson.title,
        section: part.heading ?? lesson.title,
        text: part.text,
        code: part.code,
        locked: lesson.locked,
      };
    })
    .filter((p) => p.text.length > 40 || p.code.length > 40)
    .map((p, i) => ({ ...p, id: firstId + i }));
}

/** The code of a section's blocks, one block after another. */
function codeOf(nodes: readonly RootContent[]): string {
  return nodes
    .flatMap((node) => codeBlocks({ type: "root", children: [node] }))
    .map((b) => `${b.code}\n`)
    .join("\n");
}

export interface ScoredPassage {
  passage: Passage;
  score: number;
}

export interface SearchOptions {
  limit?: number;
  /** The editor's language on the page (java, python, javascript): other languages' courses are left out. */
  language?: string | undefined;
  /** Only passages a free learner may read (the free lesson that covers a premium one's idea). */
  freeOnly?: boolean | undefined;
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

/** The language of a course's code; git and system design have none and never clash with a question's. */
export const COURSE_LANGUAGE = new Map<string, string>([
  ["java-programming", "java"],
  ["data-structures-algorithms", "java"],
  ["coding-interview-preparation", "java"],
  ["python-programming", "python"],
  ["javascript-fundamentals", "javascript"],
  ["react-development", "javascript"],
  ["sql-databases", "sql"],
  ["html-css-foundations", "html"],
]);

/** Words that name a language; "react" and "jsx" are JavaScript, "css" goes with HTML, a tool its language. */
const LANGUAGE_WORDS = new Map<string, string>([
  ["java", "java"],
  ["python", "python"],
  ["javascript", "javascript"],
  ["js", "javascript"],
  ["react", "javascript"],
  ["jsx", "javascript"],
  ["sql", "sql"],
  ["html", "html"],
  ["css", "html"],
  // Their tools and versions name them too.
  ["python3", "python"],
  ["py", "python"],
  ["nodejs", "javascript"],
  ["typescript", "javascript"],
  ["jdk", "java"],
  ["jre", "java"],
  ["jvm", "java"],
  ["javac", "java"],
  ["jshell", "java"],
  ["postgres", "sql"],
  ["postgresql", "sql"],
  ["psql", "sql"],
  ["mysql", "sql"],
  ["sqlite", "sql"],
  ["html5", "html"],
  ["css3", "html"],
  ["scss", "html"],
]);

/** The plain names of the languages whose courses a question may name. */
const LANGUAGE_NAMES = new Set(["java", "python", "javascript", "js"]);

/** The languages a question names in words. */
export function namedLanguages(question: string): Set<string> {
  return new Set(tokenize(question.toLowerCase()).flatMap((w) => LANGUAGE_WORDS.get(w) ?? []));
}

/**
 * Exception names, compiler messages and API names that a learner pastes: matched exactly, not as
 * loose words, so "ArrayIndexOutOfBoundsException" finds the lessons that show it, not every lesson
 * about arrays. Identifiers in CamelCase, names with dots or ::, and the text after "error:".
 */
export function exactTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const m of question.matchAll(/[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)+/g)) {
    // java.lang.NullPointerException: the class name is what lessons show.
    const parts = m[0].split(/\.|::/);
    if (parts[0] === "java" || parts[0] === "javax") terms.add(parts[parts.length - 1] ?? m[0]);
    else if (!/^\d/.test(m[0])) terms.add(m[0]);
  }
  for (const m of question.matchAll(/\b[a-z]*[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z]+(?:Exception|Error)\b/g))
    terms.add(m[0]);
  // Pasted output that lessons show: 0.30000000000000004, an overflowed 2147483647.
  for (const m of question.matchAll(/\b\d+\.\d{8,}\b|\b\d{9,}\b/g)) terms.add(m[0]);
  for (const m of question.matchAll(/error:\s*([^\n:;(]{8,60})/gi)) {
    const phrase = m[1]?.trim().toLowerCase();
    if (phrase) terms.add(phrase.split(/\s+/).slice(0, 4).join(" "));
  }
  return [...terms].filter((t) => t.length >= 4);
}

/**
 * Operators made of symbols that the word index cannot see: `===`, `&&`, `||`, `??`, `?.`. A lesson
 * that names one in its prose or a heading ("Comparing Values: == versus ===") teaches it; code that
 * merely uses it does not count.
 */
export function operatorSymbols(question: string): string[] {
  const found = new Set<string>();
  // Not a run of = (a merge conflict's =======), nor "why??" ending a sentence: ?? stands between
  // two operands.
  const symbols = /(?<!=)(!==|===)(?!=)|&&|\|\||(?<=[\w)\]'"]\s)\?\?(?=\s[\w'"([])|\?\.(?=\w)/g;
  for (const m of question.matchAll(symbols)) found.add(m[0]);
  return [...found];
}

/**
 * An aggregate over groups, in either order: "how many products per category", "for every city the
 * average age". Not a rate ("per second"), a loop ("for each loop", Hinglish "har baar": every time)
 * nor a count inside text ("for each word", "per line"), which Java's and Python's strings do.
 */
function perGroup(): RegExp {
  const aggregate = String.raw`\b(count|how many|number of|average|avg|sum|total|kitne|kitni|kitna)\b`;
  const notAGroup = String.raw`(second|minute|hour|ms|millisecond|time|baar|bar|loop|iteration|word|letter|character|char|vowel|digit|line)s?\b`;
  const group = String.raw`\b(per|for each|for every|har)\s+(?!${notAGroup})\w+\b`;
  return new RegExp(`${aggregate}[^.?!]*${group}|${group}[^.?!]*${aggregate}`, "i");
}
/** Built once: the phrase words and SQL's language sign both ask it of every question (no g flag: no state). */
const PER_GROUP = perGroup();

/**
 * What a question shows of its language when it names none: pasted errors and code that only one of
 * the editor's languages has. The kingdom's main course is Java, so a question that shows nothing of
 * Python or JavaScript is read as a Java question (it may still get SQL, HTML, git or design lessons).
 * The first sign that matches decides, in this order: JSX holds HTML tags, so JavaScript comes before
 * HTML; Java's words come before SQL's lower-case clauses and before the everyday words learners use
 * for Python's files, CSS's cascade and SQL's tables, so that a question that names a list, an array
 * or a stream stays Java's. Signs whose case matters are matched as
 * written (JSX's tags, SQL's capitals, PostgreSQL's "ERROR:", Python's None), the others in any case.
 */
const LANGUAGE_SIGNS: [string, RegExp][] = [
  // A browser console's report of an error nothing caught: "Uncaught TypeError: ...", "Uncaught (in
  // promise)". Python's tracebacks never say it; Java says "Exception in thread". First, since the
  // message after it may read like Python's ("... is not iterable").
  ["javascript", /\bUncaught (\(in promise\)|[A-Z]\w*Error\b)/],
  // Items skipped, without an error, after removing from a list inside a for loop that has no index:
  // Python's for-in. Java's for-each throws ConcurrentModificationException instead, and an index
  // loop (i++, an index) says so. Before Java's words, which name the list.
  [
    "python",
    /^(?![\s\S]*(\bindex|\bi\+\+|\(int\b|Exception|\bjava\b))(?=[\s\S]*\bfor\b[^.?!]*\bloop)(?=[\s\S]*\bremov\w*\b[^.?!]*\blist)[\s\S]*\bskip/i,
  ],
  [
    "python",
    /\b(IndentationError|KeyError|NameError|IndexError|ZeroDivisionError|ValueError|Traceback|def|elif|self|__init__|dict|dictionary|tuple|comprehension|pip|f-?string|NoneType|unhashable type|positional arguments?)\b|\bTypeError: can only|\.py\b|(?<![.\w])range\(|object is not (subscriptable|callable|iterable)|<generator object|@dataclass|\b__\w+__\b|(?<![.\w])print\(|\bf["'][^"']*\{|\{[^{}]*:[<>^]?\d*\.\d+f\}/i,
  ],
  ["python", /(?<!^|[.!?]\s)\bNone\b|\b(True|False)\s*:|==\s*(True|False)\b/],
  [
    "javascript",
    /===|=>|console\.log|module\.exports|\brequire\(|\b(undefined|backticks?|promise|callback|fetch|typeof|destructuring|spread|jsx|usestate|useeffect|usememo|usecallback|hooks?|props?|(?<!connected )components?|npm|async|(?<!\.)await|closure|let|var|exports?|const|ReferenceError|querySelector(All)?|getElementById|addEventListener|innerHTML)\b|TypeError: Cannot read|Assignment to constant|is not a function|not valid as a (react )?child|document\.\w|\|\|\s*\d|\bfunction(\s+\w+)?\s*\(|\b[a-z][A-Za-z]*=\{[A-Za-z]|\{[^{}]*&&\s*<|\bclick (handlers?|events?)\b/i,
  ],
  // JSX: a component's tag (with an attribute, self-closing or closed, so that Java's <T> and
  // List<String> are not one), React's attribute names, the DOM by its name, {expressions} in a
  // tag, a tag returned.
  [
    "javascript",
    /(?<![\w>])<[A-Z]\w*(\s+\w+=|\s*\/>)|<\/[A-Z]\w*>|\b(className|onClick|onChange|onSubmit|DOM)\b|<[a-z]\w*[^<>]*>[^<]*\{[^{}]*\}|<[a-z]\w*[^<>]*=\{|\breturn\s*\(?\s*<[a-z]/,
  ],
  // React's state as a place values are kept in: "keep it in state", "read from state", "component
  // state", "state updates", setState. Java and Python speak of an object's state, with an article.
  [
    "javascript",
    /\b(in|into|from|to) state\b|\b(component|local) state\b|\bstate (variables?|updates?|setters?)\b|\bset\s?state\b/i,
  ],
  // An array literal with one of JavaScript's array methods: `[10, 9, 1].sort()` compares as text
  // there. Java writes no such literal, and Python's lists have no map, filter, push or includes
  // (nor does a sorted literal keep anything in Python). `grid[0].length` indexes, it is no literal.
  [
    "javascript",
    /(?<![\w\])])\[[^[\]]*\]\.(sort|map|filter|forEach|reduce|join|includes|push|indexOf|find|some|every)\(/,
  ],
  // SQL's keywords written in capitals, and PostgreSQL's own error lines.
  ["sql", /\bERROR:\s|\b(SELECT|UPDATE|DELETE FROM|INSERT INTO|GROUP BY|ORDER BY|WHERE|FROM|JOIN|NULLS)\b/],
  // A whole tag as written, in lower case (Java's List<A> is not an <a>).
  [
    "html",
    /<(div|span|p|a|img|h[1-6]|ul|ol|li|form|input|label|button|section|article|nav|header|footer|main|table|tr|td|th|meta|link|body|head)(\s[^<>]*)?\/?>/,
  ],
  // Attributes, CSS properties and units, and the words of page layout.
  [
    "html",
    /\b(div|flexbox|padding|margin(-\w+)?|radio buttons?|checkbox(es)?|list items?|bullets?|bullet points?|stylesheet|css selectors?|nth-child|href|doctype|h[1-6]|responsive|media quer(y|ies))\b|\b(src|alt|href)=|\b\d+(px|rem|em|vh|vw)\b|\b(display|width|height|color|background(-color)?|font-size|border|justify-content|align-items|grid-template-columns)\s*:|\b(grey|gray|white|black|red|blue|green|yellow) background\b|\b(small|mobile|phone) screens?\b/i,
  ],
  // Java's code and the words of its lessons: a "table" or "rows" of an int[][] is not SQL's.
  [
    "java",
    /\w\[\]|\w\[\w+\]\[\w+\]|\bnew \w+\s*[[<]|System\.out|\b(arrays?|arraylist|hashmap|hashset|linkedlist|scanner|comparator|comparable|collectors?|groupingby|methods?|overload(s|ed|ing)?|exceptions?|streams?|javac|compiler|generics?|interfaces?|inheritance)\b|\blists?\b(?! items?\b| style)/i,
  ],
  // Equal items that keep their earlier order after a sort: a stable sort, which the sorting
  // algorithms teach (ORDER BY promises no order among ties). After SQL's capitals, before its words.
  [
    "java",
    /\bstable sort|\bsort\w*\b[^.?!]*\b(same|equal)\b[^.?!]*\b(stay|stays|keep|keeps|remain|remains)\b[^.?!]*\border\b/i,
  ],
  // A file or a mode given as one quoted letter, "w", "a", "r+" or "rb": Python's open(). Java names
  // its writers and options instead (and RandomAccessFile's "rw" is two letters). After Java's words.
  ["python", /(\bfiles?\b|\bmode\b|\bopen\()[^.?!]*(["'])[rwax]b?\+?\2|(["'])[rwax]b?\+?\3[^.?!]*\b(files?|mode)\b/i],
  // CSS's cascade: a rule that wins or loses to another, by specificity, by !important or by coming
  // later in the file. After Java's words, whose methods and overloads have rules of their own.
  [
    "html",
    /\bspecificity\b|!important\b|\brules?\b[^.?!]*\b(wins?|winning|loses?|losing|beats?|(later|earlier|lower|higher) (in|up|down) the (file|sheet|stylesheet|page))\b/i,
  ],
  // Clauses only SQL has; "group by" is left out, Java's streams group too.
  [
    "sql",
    /\b(order by|where clause|having clause|(inner|left|right|full|outer) join|primary key|foreign key|seq scan|query plan)\b|\bselect\b[^.?!]*\bfrom\b|\bwhere\b[^.?!]*\bhaving\b|\bhaving\b[^.?!]*\bwhere\b/i,
  ],
  // The rest of SQL's plain words, read only when no Java word came before them. Rows or records
  // picked "where" something holds (a 2D array's rows were Java's above; Java's records "whose"
  // fields are final are not picked by a condition).
  ["sql", /\brows?\s+(where|whose)\b|\brecords?\s+where\b/i],
  // A count, sum or average per group, GROUP BY's work: "per category", "for every city", Hinglish
  // "har city me kitne". A count per key in Java names its map, stream or groupingBy, read above.
  ["sql", PER_GROUP],
  // Changes that must be undone together when a later one fails: a transaction and its ROLLBACK.
  ["sql", /\bfail\w*\b[^.?!]*\b(undone|rolled back)\b/i],
  // Sorting that puts the empty values first or last: NULLS FIRST / NULLS LAST. Java's and Python's
  // sorts throw on a null or None, and JavaScript's always puts undefined last.
  [
    "sql",
    /\bsort\w*\b[^.?!]*\b(nulls|(empty|blank|missing|null) (ones|values|cells|fields|entries))\b[^.?!]*\b(top|first|bottom|last|end)\b/i,
  ],
];

/**
 * "results by price descending" is SQL's ORDER BY price DESC; "an arraylist of students by marks
 * descending" is a Java collection sorted with a Comparator.
 */
const ORDERED_BY_COLUMN = /\bby\s+\w+\s+(asc|desc|ascending|descending)\b/i;
const COLLECTION_WORDS =
  /\b(list|arraylist|array|arrays|collection|collections|stream|map|set|comparator|comparable)\b/i;

/**
 * Off a page, with no language named or shown, a SQL or HTML lesson answers only when it ranks a
 * fifth above the best Java lesson: most questions here are Java's, and they share words with SQL
 * and HTML ("print a multiplication table with the columns lined up" is Java's formatting, "split
 * a line into separate columns" Java's strings). Measured on the development set: 1.1 to 1.3 all
 * help, 1.5 and more send SQL's own plain-words questions to Java.
 */
const JAVA_FIRST_MARGIN = 1.2;

export function detectLanguage(question: string): string | undefined {
  for (const [language, sign] of LANGUAGE_SIGNS) if (sign.test(question)) return language;
  if (ORDERED_BY_COLUMN.test(question) && !COLLECTION_WORDS.test(question)) return "sql";
  return undefined;
}

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
  /** Each passage's raw text and code, for the exact terms (identifiers case-sensitive, messages not). */
  const raw = new Map(passages.map((p) => [p.id, `${p.section}\n${p.text}\n${p.code}`]));
  const rawLower = new Map([...raw].map(([id, t]) => [id, t.toLowerCase()]));
  const exactCache = new Map<string, Set<number>>();
  const containing = (term: string): Set<number> => {
    let ids = exactCache.get(term);
    if (!ids) {
      const phrase = term.includes(" ");
      const haystack = phrase ? rawLower : raw;
      ids = new Set([...haystack].filter(([, t]) => t.includes(term)).map(([id]) => id));
      exactCache.set(term, ids);
    }
    return ids;
  };
  /** For an operator's symbol, each lesson that names it: 3 in a heading, 1 in prose (computed once). */
  const symbolCache = new Map<string, Map<string, number>>();
  const teaching = (symbol: string): Map<string, number> => {
    let lessons = symbolCache.get(symbol);
    if (!lessons) {
      lessons = new Map<string, number>();
      for (const p of passages) {
        const times = p.section.includes(symbol) ? 3 : p.text.includes(symbol) ? 1 : 0;
        if (times > (lessons.get(p.materialId) ?? 0)) lessons.set(p.materialId, times);
      }
      symbolCache.set(symbol, lessons);
    }
    return lessons;
  };
  const languageOf = (p: Passage) => COURSE_LANGUAGE.get(p.courseId);
  const search = new MiniSearch<Passage>({
    fields: ["title", "section", "text", "code"],
    storeFields: [],
    tokenize,
    processTerm: normalizeTerm,
    searchOptions: {
      boost: { title: 3, section: 2, text: 1, code: 0.5 },
      bm25: { k: 1.2, b: 0.9, d: 0.5 },
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
      const namedLangs = namedLanguages(question);
      // The page's language, else the one language the question names.
      const pageLanguage =
        options.language ??
        COURSE_LANGUAGE.get(options.courseId ?? "") ??
        (namedLangs.size === 1 ? [...namedLangs][0] : undefined) ??
        (namedLangs.size === 0 ? detectLanguage(question) : undefined);
      // Off a page and naming none, the language the question shows by its signs.
      const shown = !options.language && !options.courseId && namedLangs.size === 0 ? pageLanguage : undefined;
      // Off a page, with no language named or shown: Java, but only Python and JavaScript are left out
      // (a question in plain words may be SQL's or HTML's).
      const programming = pageLanguage ?? (namedLangs.size === 0 ? "java" : undefined);
      const foreign = (p: Passage, lang: string | undefined) => {
        const own = languageOf(p);
        return lang !== undefined && own !== undefined && own !== lang && !namedLangs.has(own);
      };
      // Exact names and messages rank lessons on their own: rarer ones say more (shown in two lessons
      // points at them, in twenty does not), and a lesson whose prose names it in several sections
      // teaches it, where one that only shows it in code or output mentions it in passing.
      const exactByLesson = new Map<string, number>();
      for (const asked of exactTerms(question)) {
        // A learner's own Type.method that no lesson shows (Size.valueOf): the method is what lessons
        // name (valueOf), when it is a name of its own and not a field or a one-word verb.
        const member = /^[A-Z]\w*\.([a-z]+[A-Z]\w*)$/.exec(asked)?.[1];
        const term = member && containing(asked).size === 0 ? member : asked;
        const ids = containing(term);
        const perLesson = new Map<string, number>();
        for (const id of ids) {
          const p = byId.get(id);
          if (!p) continue;
          const inProse = p.text.includes(term) || p.text.toLowerCase().includes(term);
          perLesson.set(p.materialId, (perLesson.get(p.materialId) ?? 0) + (inProse ? 1 : 0.5));
        }
        const weight = 3 / Math.sqrt(Math.max(1, perLesson.size));
        for (const [m, times] of perLesson) {
          exactByLesson.set(m, (exactByLesson.get(m) ?? 0) + (weight * Math.min(3, times)) / 3);
        }
      }
      // A symbol in a heading is what the section teaches; in prose, one mention among others.
      for (const symbol of operatorSymbols(question)) {
        const lessons = teaching(symbol);
        const weight = 3 / Math.sqrt(Math.max(1, lessons.size));
        for (const [m, times] of lessons) exactByLesson.set(m, (exactByLesson.get(m) ?? 0) + (weight * times) / 3);
      }
      // An error the curated table knows (the one "Explain this error" uses) points at the section
      // that teaches it, in the question's language.
      const tableLanguage =
        programming === "java" || programming === "python" || programming === "javascript" ? programming : undefined;
      const known = tableLanguage ? knownError(tableLanguage, question) : undefined;
      if (known) exactByLesson.set(known.materialId, (exactByLesson.get(known.materialId) ?? 0) + 0.5);
      const results: SearchResult[] = search.search(questionText(question), {
        // A language's name picks its course (above); as a searched word it would rank the lessons
        // that say "Java" most, not the ones about the question's idea.
        boostTerm: (term, _i, terms) => (LANGUAGE_NAMES.has(term) && terms.length > 1 ? 0.2 : 1),
        filter: (r: SearchResult) => {
          const p = byId.get(Number(r.id));
          if (!p) return false;
          if (options.within && p.materialId !== options.within) return false;
          if (options.freeOnly && p.locked) return false;
          if (pageLanguage) return !foreign(p, pageLanguage);
          const own = languageOf(p);
          return !(own === "python" || own === "javascript") || !foreign(p, programming);
        },
        boostDocument: (id) => {
          const p = byId.get(Number(id));
          if (!p) return 1;
          let boost = 1;
          if (options.materialId && p.materialId === options.materialId) boost *= 1.6;
          else if (options.courseId && p.courseId === options.courseId) boost *= 1.5;
          else if (named.has(p.courseId)) boost *= 1.3;
          // A language shown by its signs (SQL's clauses, CSS's cascade) and not named: its courses
          // before those that teach none (git, system design), as a named one is. Java is the
          // reading of a question that shows nothing, so its signs add nothing here.
          else if (shown && shown !== "java" && languageOf(p) === shown) boost *= 1.3;
          return boost;
        },
      });
      const top = results[0]?.score ?? 1;
      const rankScore = (r: SearchResult) =>
        r.score / top + (exactByLesson.get(byId.get(Number(r.id))?.materialId ?? "") ?? 0);
      if (exactByLesson.size > 0) results.sort((x, y) => rankScore(y) - rankScore(x));
      const languageOfResult = (r: SearchResult | undefined) =>
        r ? languageOf(byId.get(Number(r.id)) as Passage) : undefined;
      // Off a page and with no language named, the best answer's language decides: the other two
      // sources never mix in another language's course. SQL and HTML lead only by a margin over Java.
      // Git and system design teach no language: when one of them leads, the best answer that has a
      // language decides, or a git lesson first would let Java, SQL and HTML mix below it.
      const leader = pageLanguage ? undefined : results.find((r) => languageOfResult(r) !== undefined);
      let answerLanguage = pageLanguage ?? languageOfResult(leader);
      const unmarked = !pageLanguage && namedLangs.size === 0;
      if (unmarked && (answerLanguage === "sql" || answerLanguage === "html") && leader) {
        const java = results.find((r) => languageOfResult(r) === "java");
        if (java && rankScore(java) * JAVA_FIRST_MARGIN >= rankScore(leader)) answerLanguage = "java";
      }
      const seen = new Set<string>();
      const out: ScoredPassage[] = [];
      for (const r of results) {
        const passage = byId.get(Number(r.id));
        if (!passage || seen.has(passage.materialId) || foreign(passage, answerLanguage)) continue;
        seen.add(passage.materialId);
        out.push({ passage, score: r.score });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

export type LessonIndex = ReturnType<typeof buildIndex>;
