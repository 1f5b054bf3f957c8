/**
 * Retrieval over the real lessons: exact exception, compiler-message and API names, the course and
 * language of the page, and the free lesson put before a premium one for a free learner.
 */
import { codeBlocks, parseMarkdown } from "@koc/shared/markdown";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalogue } from "../../db/seed.js";
import { freeFirst } from "./premium.js";
import {
  buildIndex,
  COURSE_LANGUAGE,
  detectLanguage,
  exactTerms,
  type LessonIndex,
  normalizeTerm,
  operatorNames,
  operatorSymbols,
  phraseWords,
  splitPassages,
} from "./retrieval.js";

let idx: LessonIndex;
let catalogue: ReturnType<typeof readCatalogue>;
beforeAll(() => {
  catalogue = readCatalogue();
  const lessons = catalogue.courses.flatMap((c) =>
    c.lessons.map((l, i) => ({
      courseId: c.id,
      courseTitle: c.title,
      materialId: l.id,
      title: l.title,
      content: l.content ?? "",
      locked: c.access === "premium" && i > 0,
    })),
  );
  idx = buildIndex(lessons);
});

const ids = (q: string, o: Parameters<LessonIndex["search"]>[1] = {}) =>
  idx.search(q, { limit: 3, ...o }).map((h) => h.passage.materialId);
const languages = (q: string, o: Parameters<LessonIndex["search"]>[1] = {}) =>
  new Set(idx.search(q, { limit: 3, ...o }).map((h) => COURSE_LANGUAGE.get(h.passage.courseId) ?? "none"));

/** A lesson of its own for a small index: its course, a slug and its Markdown. */
const lesson = (courseId: string, slug: string, content: string) => ({
  courseId,
  courseTitle: courseId,
  materialId: `${courseId}--${slug}`,
  title: slug,
  content,
  locked: false,
});

describe("passages", () => {
  it("cuts a lesson at its ## and ### headings as the lesson page draws them, never at a # inside code", () => {
    const content = [
      "Intro words that stand before any heading, long enough to be kept as a passage.",
      "## The `switch` Expression",
      "A switch expression yields a value; every case must be covered, or the compiler refuses it.",
      "~~~python",
      "## a Python comment, not a heading",
      "print(1)",
      "~~~",
      "### Setext heading below",
      "Pattern matching in switch lets each case name a type and bind it to a variable at once.",
      "",
      "Guards",
      "------",
      "A guard adds a condition to a case label with `when`, read after the pattern has matched.",
    ].join("\n");
    const passages = splitPassages({
      courseId: "c",
      courseTitle: "C",
      materialId: "m",
      title: "Switch",
      content,
      locked: false,
    });
    expect(passages.map((p) => p.section)).toEqual([
      "Switch",
      "The switch Expression",
      "Setext heading below",
      "Guards",
    ]);
    expect(passages[1]?.code).toBe("## a Python comment, not a heading\nprint(1)\n");
    expect(passages[1]?.text).not.toContain("Python comment");
    expect(passages[3]?.text).toBe(
      "A guard adds a condition to a case label with when, read after the pattern has matched.",
    );
  });
});

describe("exact names", () => {
  it("picks out exception names, API names and compiler messages as they were pasted", () => {
    expect(exactTerms("My program crashes with ArrayIndexOutOfBoundsException, what does it mean?")).toEqual([
      "ArrayIndexOutOfBoundsException",
    ]);
    expect(exactTerms('Exception in thread "main" java.lang.NullPointerException: Cannot invoke')).toContain(
      "NullPointerException",
    );
    expect(exactTerms("sort by age with Comparator.comparing(Person::age)")).toEqual(
      expect.arrayContaining(["Comparator.comparing", "Person::age"]),
    );
    expect(exactTerms("Main.java:5: error: cannot find symbol")).toContain("cannot find symbol");
    expect(exactTerms("how do i sort a list")).toEqual([]);
    // Output a lesson shows, pasted: a float's error and an overflowed int, not a small number.
    expect(exactTerms("0.1 + 0.2 prints 0.30000000000000004")).toEqual(["0.30000000000000004"]);
    expect(exactTerms("my sum printed -2147483648 after 2147483647 + 1")).toEqual(["2147483648", "2147483647"]);
    expect(ids("0.1 + 0.2 prints 0.30000000000000004", { courseId: "java-programming" }).slice(0, 1)).toEqual([
      "java-programming--numbers-overflow-bigdecimal-random",
    ]);
  });

  it("finds the lessons that show the name, not the ones that share the question's other words", () => {
    expect(ids("My program crashes with ArrayIndexOutOfBoundsException, what does it mean?")).toContain(
      "java-programming--arrays",
    );
    expect(ids("Main.java:3: error: cannot find symbol")[0]).toBe("java-programming--jshell-trying-java-interactively");
    expect(ids("How do I sort a list of people by their age with Comparator.comparing?")).toContain(
      "java-programming--comparable-comparator-iterators",
    );
  });
});

describe("the page and the language", () => {
  it("answers a question on a Python page from Python, and on a Java page never from Python or JavaScript", () => {
    const onPython = ids("How do I sort a list?", { courseId: "python-programming", language: "python" });
    expect(onPython[0]).toBe("python-programming--lists-and-tuples");
    expect(languages("How do I sort a list?", { courseId: "python-programming", language: "python" })).not.toContain(
      "java",
    );
    const onJava = languages("How do I sort a list?", { courseId: "java-programming", language: "java" });
    expect(onJava.has("python") || onJava.has("javascript")).toBe(false);
    expect(ids("How do I sort a list?", { courseId: "java-programming" })).toContain(
      "java-programming--collections-and-arraylist",
    );
  });

  it("off any page, a question that names no language and shows no Python or JavaScript is a Java question", () => {
    const langs = languages("How do I sort a list of people by their age?");
    expect(langs.has("python") || langs.has("javascript")).toBe(false);
    expect(languages("KeyError when reading from my dict")).toContain("python");
  });

  it("off any page, with no sign of a language, lets SQL or HTML answer only well ahead of Java", () => {
    // Java questions in words SQL's lessons use: "table", "columns", "rows".
    const table = "how do i print a multiplication table with the columns lined up";
    expect([...languages(table)]).toEqual(["java"]);
    expect(ids(table)).toContain("java-programming--stringbuilder-and-formatting");
    expect([...languages('split a line like "ravi,21,delhi" into separate columns, name age and city')]).toEqual([
      "java",
    ]);
    // SQL's and HTML's own questions, in plain words, still get their lessons.
    expect(ids("what is a primary key")[0]).toBe("sql-databases--creating-tables-and-constraints");
    expect(ids("how do i join two tables on a matching column")[0]).toBe("sql-databases--joining-tables");
    expect(ids("center a box in the middle of the page")[0]).toBe("html-css-foundations--the-box-model");
  });

  it("goes to another language's course when the question names it", () => {
    expect(ids("how do I sort a list in python?", { courseId: "java-programming", language: "java" })[0]).toBe(
      "python-programming--lists-and-tuples",
    );
  });

  it("off a page, when git or system design leads, the best lesson with a language decides the others", () => {
    const small = buildIndex([
      lesson(
        "git-version-control",
        "tags",
        "## Leading zeros in tag names\nTag names with leading zeros sort well: leading zeros keep v007 before v010, so pad tag numbers with leading zeros.",
      ),
      lesson(
        "sql-databases",
        "text-columns",
        "## Leading zeros in a text column\nA postal code keeps its leading zeros only in a text column; a number column drops leading zeros.",
      ),
      lesson(
        "java-programming",
        "formatting",
        "## Padding numbers\nprintf pads a number to a width, with leading zeros when the pattern asks for them.",
      ),
    ]);
    const found = small.search("leading zeros", { limit: 3 }).map((h) => h.passage.courseId);
    expect(found[0]).toBe("git-version-control");
    expect(found.includes("sql-databases") && found.includes("java-programming")).toBe(false);
  });
});

describe("premium lessons for a free learner", () => {
  it("puts the free lesson that covers the same idea first and keeps the premium one after it", () => {
    const found = idx.search("how does merge sort work", { limit: 3 }).map((h) => h.passage);
    expect(found[0]?.materialId).toBe("data-structures-algorithms--sorting-and-searching");
    expect(found[0]?.locked).toBe(true);
    const free = freeFirst(idx, found, "how does merge sort work", false);
    expect(free[0]?.locked).toBe(false);
    expect(free[0]?.courseId).toBe("java-programming");
    expect(free[1]?.materialId).toBe("data-structures-algorithms--sorting-and-searching");
    expect(freeFirst(idx, found, "how does merge sort work", true)).toEqual(found);
  });
});

describe("questions that show their language by pasted code and errors, naming none", () => {
  // [question, the language read, or undefined for none]
  it.each([
    // Python's messages and idioms
    ["TypeError: unhashable type: 'list'", "python"],
    ["attack() takes 1 positional argument but 2 were given", "python"],
    ['print(f"{total:.2f}") what does the :.2f part mean', "python"],
    ["scores = scores.sort() then print(scores) shows None", "python"],
    ["@dataclass lagane se __init__ likhna kyu nahi padta?", "python"],
    // "None" opening a sentence is English; yield is also Java's switch.
    ["None of my tests pass after I changed the loop", undefined],
    ["what does yield do inside a switch expression", undefined],
    // JavaScript's messages, the DOM and JSX; Java's generics, a graph's components, a latch are not
    ["TypeError: Assignment to constant variable.", "javascript"],
    ['document.querySelector("#btn") returns null', "javascript"],
    ["const count = input || 10 turns my 0 into 10", "javascript"],
    ["i wrote {items.length && <List />} and a 0 shows", "javascript"],
    ["Warning: Invalid DOM property `class`. Did you mean `className`?", "javascript"],
    ["<p>Level {recruit.level}</p> shows nothing", "javascript"],
    ["static <T extends Comparable<T>> T max(List<T> items)", "java"],
    ["Map<String, List<String>> byLetter = new HashMap<>();", "java"],
    ["count the connected components of a graph with dfs", undefined],
    ["latch.await() never returns", undefined],
    // SQL's capitals and PostgreSQL's errors, HTML's tags and CSS
    ['ERROR:  column reference "name" is ambiguous', "sql"],
    ["i ran UPDATE without where and every row changed", "sql"],
    ["i set width: 300px on my card but it is 350px wide", "html"],
    ["why use <section> and <article> instead of div", "html"],
    ["i can tick all my radio buttons at the same time", "html"],
    ["my list items show dots in front", "html"],
    // Java's arrays and collections: a table or rows of an int[][], or a selection from an array, are not SQL's
    ["static <A, B> List<B> convertAll(List<A> items)", "java"],
    ["how to get the total of every row and column in my int[][] marks table", "java"],
    ["select the highest mark from an array", "java"],
    ["error: cannot find symbol", undefined],
  ])("reads %j as %s", (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });

  it("answers a Java table question from the Java course, not SQL's", () => {
    expect(ids("how to get the total of every row and column in my int[][] marks table")[0]).toBe(
      "java-programming--multidimensional-arrays",
    );
  });

  it("reads each course's code as its language or as none: almost never as another", () => {
    const lines = new Map<string, { total: number; other: string[] }>();
    for (const course of catalogue.courses) {
      for (const lesson of course.lessons) {
        for (const { lang: language, code } of codeBlocks(parseMarkdown(lesson.content ?? ""))) {
          // Blocks in the course's own language (system design's sketches are Python, but that course
          // teaches no language).
          if (COURSE_LANGUAGE.get(course.id) !== language) continue;
          const seen = lines.get(language) ?? { total: 0, other: [] };
          for (const line of code.split("\n").filter((l) => l.trim().length >= 4)) {
            seen.total++;
            const read = detectLanguage(line);
            if (read && read !== language) seen.other.push(`${read}: ${line.trim()}`);
          }
          lines.set(language, seen);
        }
      }
    }
    const java = lines.get("java");
    expect(java?.total).toBeGreaterThan(4000);
    // Known and accepted: a printed "===" banner, Java 10's var, a method named range, variables
    // named async and component, "order by" in a comment.
    expect((java?.other.length ?? 0) / (java?.total ?? 1)).toBeLessThan(0.01);
    // Off a page a question that shows nothing is read as Java's anyway; any other reading is wrong.
    for (const language of ["python", "javascript", "sql"]) {
      const seen = lines.get(language);
      expect(seen?.total).toBeGreaterThan(100);
      expect(
        seen?.other.filter((line) => !line.startsWith("java:")),
        language,
      ).toEqual([]);
      expect((seen?.other.length ?? 0) / (seen?.total ?? 1)).toBeLessThan(0.01);
    }
  });
});

describe("everyday words for what lessons name by their API", () => {
  it("takes 'grouped by' to Collectors.groupingBy", () => {
    expect(ids("How do I turn a list of names into a map grouped by first letter?")).toContain(
      "java-programming--collectors-and-advanced-streams",
    );
  });
});

describe("operators asked about by their symbols", () => {
  it("finds the operators lesson for ++, %, ? : and 7/2", () => {
    for (const q of [
      "what is the difference between i++ and ++i",
      "what does % do, my teacher used it for even odd",
      "how does the ? : thing work in one line",
      "int x = a > b ? a : b; what is this",
      "why 7/2 gives 3 not 3.5",
    ]) {
      expect(ids(q, { courseId: "java-programming" }), q).toContain("java-programming--operators");
    }
  });

  it("does not take git's --hard, printf's %d, 50% or a question mark before a pasted error for an operator", () => {
    expect(operatorNames("undo git reset --hard, my commits are gone")).toEqual([]);
    expect(operatorNames('System.out.printf("%d items, %.2f each%n", n, price)')).toEqual([]);
    expect(operatorNames("my program is 50% slower")).toEqual([]);
    expect(operatorNames("what is this? error: cannot find symbol")).toEqual([]);
    expect(operatorNames("for (int i = 0; i < n; i--)")).toEqual(["increment decrement"]);
    expect(ids("undo git reset --hard, my commits are gone")[0]?.startsWith("git-version-control--")).toBe(true);
  });
});

describe("questions that show their language only by their words", () => {
  it("reads Hinglish: function words are not searched, and 'baar baar' is not a navigation bar", () => {
    const got = ids("loop bar bar chal raha hai, kaise rokein?");
    expect(got[0]?.startsWith("java-programming--")).toBe(true);
    expect(got.some((id) => id.startsWith("html-css-foundations--"))).toBe(false);
  });

  it("takes export and require for JavaScript's modules", () => {
    expect(ids("export default vs named export")).toContain("javascript-fundamentals--classes-and-modules");
    expect(languages("export default vs named export")).toEqual(new Set(["javascript"]));
  });

  it("takes clauses only SQL has for SQL, but not 'group by', which Java's streams do too", () => {
    expect(ids("difference between where and having")[0]).toBe("sql-databases--aggregates-and-group-by");
    expect(detectLanguage("select name from soldiers order by strength")).toBe("sql");
    expect(detectLanguage("how do I group names by their first letter into a map")).toBeUndefined();
  });

  it("reads rows ordered by a column, descending, as SQL, and a collection sorted that way as Java", () => {
    expect(detectLanguage("sort results by price descending")).toBe("sql");
    expect(detectLanguage("show the soldiers by strength desc")).toBe("sql");
    expect(ids("sort results by price descending")[0]).toBe("sql-databases--filtering-and-sorting");
    expect(detectLanguage("sort arraylist of students by marks descending")).toBe("java");
    expect(detectLanguage("sort a list of people by age descending")).toBe("java");
    expect(ids("sort arraylist of students by marks descending")[0]?.startsWith("java-programming--")).toBe(true);
  });
});

describe("questions that show their language by a learner's everyday words for it", () => {
  // [question, the language read, or undefined for none]
  it.each([
    // An array literal with JavaScript's array methods; Java's indexing and a Python literal are not
    ["my scores [9, 80, 700].sort() come out as 700, 80, 9", "javascript"],
    ["[1, 2, 3].includes(2) is true but the same check on objects is false", "javascript"],
    ["threads[i].join() waits forever", undefined],
    ["[3, 1, 2].sort() prints None", "python"],
    // Python's open() modes; Java's two-letter "rw" and quoted letters that are no mode are not
    ['i open the log file in "a" mode but nothing shows up', "python"],
    ["which mode do I give open() for a picture, 'rb'?", "python"],
    ['new RandomAccessFile(file, "rw") opened read-write', undefined],
    ['joining "a" and "b" gives ab', undefined],
    ['open the app and press "r" to reload it', undefined],
    // CSS's cascade; Java's rules about methods and overloading are Java's
    ["two rules set the same color and the later one wins, why", "html"],
    ["how is specificity worked out", "html"],
    ["what is the rule for naming variables that we saw earlier", undefined],
    ["what are the rules for which overriding method wins", "java"],
    ["is there a rule for which overloaded version wins, int or long", "java"],
    // Rows picked by a condition; a 2D array's rows are Java's
    ["give me only the rows whose status is active", "sql"],
    ["records where the city is empty should not be shown", "sql"],
    ["are records whose fields are final really immutable", undefined],
    ["in my 2d array, print the rows where the sum is over 10", "java"],
    // Aggregates per group; rates, loops, counts inside text and Java's grouping are not SQL's
    ["total sales per region for last year", "sql"],
    ["for each department the average salary", "sql"],
    ["har shehar me kitne log rehte hain", "sql"],
    ["count how many requests per second a server can take", undefined],
    ["how many times does a for each loop run here", undefined],
    ["count the vowels for each word in a sentence", undefined],
    ["har baar count ek se badh jata hai", undefined],
    ["count words per length using streams", "java"],
    ["count orders per customer using groupingBy", "java"],
    // Undoing earlier changes when a later one fails: a transaction; backtracking's undone choice is not
    ["if the insert fails, the earlier update should be rolled back too", "sql"],
    ["in backtracking, why is the last choice undone after the call returns", undefined],
    // Sorting empty values to one end: NULLS FIRST or LAST; Java's NPE on a null is Java's
    ["sorting prices puts missing values at the end, can they go first", "sql"],
    ["sorting a list with null values throws NullPointerException", "java"],
    // Equal items keeping their order after a sort: a stable sort
    ["if I sort employees by department, do equal ones keep their original order", "java"],
    ["after sorting, why do my numbers stay the same", undefined],
    ["sort by name ORDER BY: do the same names stay in the order they were inserted?", "sql"],
  ])("reads %j as %s", (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });
});

describe("plurals in -es", () => {
  it("folds classes, boxes and matches to their singular, and leaves cases, notes and bytes to the plain -s rule", () => {
    expect(["classes", "boxes", "matches", "wishes", "indexes"].map(normalizeTerm)).toEqual([
      "class",
      "box",
      "match",
      "wish",
      "index",
    ]);
    expect(["cases", "notes", "bytes", "class", "status"].map(normalizeTerm)).toEqual([
      "case",
      "note",
      "byte",
      "class",
      "status",
    ]);
  });

  it("lets 'class' find a lesson titled with 'Classes'", () => {
    expect(ids("how is a class different from an object made from it", { courseId: "java-programming" })).toContain(
      "java-programming--classes-and-objects",
    );
  });
});

describe("operators written as symbols the word index cannot see", () => {
  it("picks out ===, !==, &&, ||, ?? and ?. but not a question mark or a lone =", () => {
    expect(operatorSymbols("if (a !== b && c) return")).toEqual(["!==", "&&"]);
    expect(operatorSymbols("name = user?.profile ?? 'guest'")).toEqual(["?.", "??"]);
    expect(operatorSymbols("is it ok? x = 5. and a | b")).toEqual([]);
    // A merge conflict's run of = and a doubled question mark are no operators.
    expect(operatorSymbols("my file shows <<<<<<< HEAD then ======= then >>>>>>> main")).toEqual([]);
    expect(operatorSymbols("why does it print null?? i set it")).toEqual([]);
  });

  it("finds the lesson whose prose or heading names the symbol", () => {
    const onJs = { courseId: "javascript-fundamentals", language: "javascript" };
    expect(ids("should x === y be used instead of x == y", onJs)[0]).toBe(
      "javascript-fundamentals--data-types-and-operators",
    );
    expect(ids("what do && and || mean", { courseId: "java-programming", language: "java" })).toContain(
      "java-programming--operators",
    );
    // The same question without its symbols has nothing to find them by.
    expect(ids("should x be used instead of y", onJs)[0]).not.toBe("javascript-fundamentals--data-types-and-operators");
  });
});

describe("everyday phrases and Hinglish's little words", () => {
  it("reads a parent or base class as a superclass and a child or derived class as a subclass", () => {
    expect(phraseWords("does a derived class see the base class fields")).toEqual(["superclass", "subclass"]);
    expect(phraseWords("the parent element of a div and a child process")).toEqual([]);
    expect(ids("base class ke fields derived class me kaise aate hai")).toContain("java-programming--inheritance");
  });

  it("takes a count, sum or average per group for a grouping, not a rate or a per-word count", () => {
    expect(phraseWords("sum of the sales for every region")).toContain("grouping aggregate");
    expect(phraseWords("how many requests per second can it serve")).toEqual([]);
    expect(phraseWords("count the letters for each word")).toEqual([]);
    expect(ids("sum of the sales for every region", { courseId: "sql-databases" })[0]).toBe(
      "sql-databases--aggregates-and-group-by",
    );
  });

  it("drops Hindi's little words but keeps English words that look like them: pad", () => {
    const small = buildIndex([
      {
        courseId: "java-programming",
        courseTitle: "Java",
        materialId: "java-programming--padding",
        title: "Padding",
        content: "## Pad a column\nTo pad a value, give printf a width: each pad fills the column with spaces.",
        locked: false,
      },
    ]);
    expect(small.search("pad").map((h) => h.passage.materialId)).toEqual(["java-programming--padding"]);
    // "ko", "ke" and "aata" alone are no question.
    expect(small.search("ko ke aata")).toEqual([]);
  });

  it("searches Hinglish verbs by their English meaning and leaves out its postpositions", () => {
    // "the last element of the array: how do I get it" - sirf/nikalna carry the meaning, ka/se do not.
    const got = ids("array ka sirf aakhri element kaise nikale");
    expect(got.some((id) => id.startsWith("java-programming--arrays"))).toBe(true);
  });
});

describe("errors the curated table knows", () => {
  it("points a pasted error at the lesson the table names, in the question's language", () => {
    expect(
      ids('Exception in thread "main" java.lang.NullPointerException at Shop.total(Shop.java:12)', {
        courseId: "java-programming",
      }),
    ).toContain("java-programming--classes-and-objects");
  });

  it("does not take another language's entry for the same error name", () => {
    const got = ids("TypeError: 'int' object is not subscriptable", {
      courseId: "python-programming",
      language: "python",
    });
    expect(got.every((id) => id.startsWith("python-programming--"))).toBe(true);
  });
});

describe("a browser console's uncaught error", () => {
  it.each([
    ["Uncaught ReferenceError: total is not defined", "javascript"],
    ["Uncaught (in promise) Error: request failed", "javascript"],
    ["Uncaught TypeError: items is not iterable", "javascript"],
  ])("reads %j as %s", (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });

  it("does not read Java's uncaught exceptions as JavaScript", () => {
    expect(detectLanguage("what happens to an uncaught exception in a thread")).not.toBe("javascript");
    expect(detectLanguage("uncaught TypeError in my handler")).not.toBe("javascript");
  });
});

describe("React's state and Python's skipping loop, read by their words", () => {
  it.each([
    // React keeps values in state; Java and Python speak of an object's state
    ["where do i keep the form values, in state or in a ref", "javascript"],
    ["the list from state is stale after i click", "javascript"],
    ["why are two state updates in a row only counted once", "javascript"],
    ["the state of an object after its constructor runs", undefined],
    ["a thread's state when it waits on a lock", undefined],
    // Removing inside a for loop over a list and items skipped: Python's for-in; an index loop or an
    // exception is Java's
    ["i remove the bad names from my list in a for loop but a few get skipped", "python"],
    ["for loop with i++ removes from the list and skips the next index", "java"],
    ["removing from a list in a for loop throws ConcurrentModificationException instead of skipping", "java"],
    ["why does my for loop skip the last item of the list", "java"],
  ])("reads %j as %s", (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });
});

describe("everyday phrases and shapes of code bring the words lessons use", () => {
  // [question, the words it brings, or undefined for none of them]
  it.each([
    ["interface Shape<K, V> { V get(K key); }", "generic type parameter"],
    ["Map<String, Integer> counts = new HashMap<>();", undefined],
    ["ArrayList<double> prices won't compile", "primitive wrapper"],
    ["ArrayList<Double> prices", undefined],
    ["is binary search O(log n) on a sorted array", "complexity"],
    ["Oops, (1) failed", undefined],
    ["Shape s = new Circle(2); s.area()", "polymorphism declared actual type"],
    ["Scanner in = new Scanner(System.in);", undefined],
    ["def log(msg, seen={}): seen[msg] = 1", "default mutable"],
    ["def greet(name='you'):", undefined],
    ["my counter went negative after a million additions", "overflow"],
    ["how to check if a number is negative", undefined],
    ["print a price with exactly 2 decimal places", "format"],
    ["how many decimal digits does a double hold", undefined],
    ["stripe every other row of a list", "nth-child"],
    ["the task runs every second", undefined],
    ["resize the images in the background after upload", "asynchronous queue"],
    ["set a background image on the header", undefined],
    ["we store the exchange rates in memory so we don't ask the api each time", "cache"],
    ["how much memory does an int use", undefined],
    ["should i keep the whole file in memory or read it line by line", undefined],
    ["we hold the prices in memory so pages load faster", "cache"],
    ["concatenating strings inside a for loop is slow", "stringbuilder"],
    ["loop over the strings of an array", undefined],
    ["render the delete button only when the user is an admin", "conditional rendering"],
    ["only when i click twice does it work", undefined],
    ["a fixed set of constants for the four seasons", "enum"],
    ["why are constants written in capitals", undefined],
    ["count backwards from 20 in steps of 2", "loop count down decrement"],
    ["the count went down after deleting", undefined],
    ["my website is going down at night", undefined],
    ["print every item of a list without an index", "enhanced for"],
    ["get the item at an index", undefined],
  ])("reads %j", (question, words) => {
    if (words) expect(phraseWords(question)).toContain(words);
    else expect(phraseWords(question)).toEqual([]);
  });

  it("finds the lessons those words name", () => {
    expect(ids("interface Shape<K, V> { V get(K key); } what are K and V", { courseId: "java-programming" })).toContain(
      "java-programming--generics",
    );
    expect(ids("is binary search O(log n) on a sorted array")).toContain(
      "data-structures-algorithms--big-o-complexity",
    );
    expect(ids("we keep the user profiles in memory so the database is not asked every time")).toContain(
      "system-design--caching",
    );
    expect(ids("concatenating strings inside a for loop is slow")[0]).toBe(
      "java-programming--stringbuilder-and-formatting",
    );
  });

  it("searches a tool and an everyday word by the lesson's word", () => {
    expect(ids("how long should a redis entry live")).toContain("system-design--caching");
    expect(
      ids("how do i debug a loop that runs too long", { courseId: "java-programming", language: "java" }),
    ).toContain("java-programming--debugging-breakpoints-and-stepping");
  });
});

describe("primitive types compared, arrays by their brackets, a language's name", () => {
  it.each([
    ["short or int for a year, which is better", "primitive types"],
    ["char vs String for one letter", undefined],
    ["convert a long into an int", undefined],
    ["String[] names = new String[3];", "array element index"],
    ["scores[0] is the first score?", "array element index"],
    ["List<String> names = List.of()", undefined],
  ])("reads %j", (question, words) => {
    if (words) expect(phraseWords(question)).toContain(words);
    else
      expect(phraseWords(question).filter((w) => w === "primitive types" || w === "array element index")).toEqual([]);
  });

  it("finds the data types lesson for primitives set side by side", () => {
    expect(
      ids("short or int for a year, which is better", { courseId: "java-programming", language: "java" }),
    ).toContain("java-programming--variables-and-data-types");
  });

  it("lets a language's name pick the course without ranking the lessons that say it most", () => {
    const onJs = { courseId: "javascript-fundamentals", language: "javascript" };
    expect(ids("how does a switch work in javascript", onJs)).toContain("javascript-fundamentals--control-flow");
    // Alone, the name is the question: the lesson that introduces the language.
    expect(ids("javascript", onJs)[0]).toBe("javascript-fundamentals--getting-started-and-variables");
  });
});

describe("a learner's own Type.method", () => {
  it("falls back to the method's name when no lesson shows the learner's type", () => {
    expect(
      ids("Level.valueOf(choice) fails for lower case input", { courseId: "java-programming", language: "java" })[0],
    ).toBe("java-programming--enums");
  });

  it("keeps a name lessons show whole, and never falls back to a field or a one-word method", () => {
    expect(exactTerms("Integer.parseInt gives an error")).toEqual(["Integer.parseInt"]);
    const shown = ids("Integer.parseInt gives an error", { courseId: "java-programming", language: "java" });
    expect(shown).toContain("java-programming--type-conversion-and-casting");
    expect(ids("Level.parse(choice) fails", { courseId: "java-programming", language: "java" })[0]).not.toBe(
      "java-programming--enums",
    );
  });
});

describe("everyday words for Java's keywords", () => {
  const onJava = { courseId: "java-programming", language: "java" };
  it("reads stopping a loop as break, without taking a thread's stop for one", () => {
    expect(ids("after the match is found the search should stop looking at the other items", onJava)[0]).toBe(
      "java-programming--break-continue-and-nested-loops",
    );
    expect(ids("how do i stop a thread that is running", onJava)[0]).toBe("java-programming--threads-and-runnable");
  });

  it("reads a constant as static final", () => {
    expect(ids("a constant for the tax rate that every class can read", onJava)[0]).toBe(
      "java-programming--static-members",
    );
  });
});

describe("a language shown by its signs, naming none", () => {
  const small = buildIndex([
    lesson(
      "system-design",
      "notes",
      "## Phone numbers\nAn empty phone number is kept for the users on many machines, in one place.",
    ),
    lesson(
      "sql-databases",
      "notes",
      "## Phone numbers\nAn empty phone number is NULL in the column of the users table; test it with IS NULL.",
    ),
  ]);
  const first = (q: string) => small.search(q, { limit: 2 })[0]?.passage.courseId;

  it("puts that language's lessons before those of courses that teach none", () => {
    expect(detectLanguage("rows where the phone number is empty")).toBe("sql");
    expect(first("rows where the phone number is empty")).toBe("sql-databases");
  });

  it("leaves the ranking alone when the question shows no language, or only Java's", () => {
    expect(first("users with an empty phone number")).toBe("system-design");
    expect(detectLanguage("an array of users with an empty phone number")).toBe("java");
    expect(first("an array of users with an empty phone number")).toBe("system-design");
  });
});
