/**
 * Kattappa's curated answers to the questions learners ask most (the quick-question buttons among
 * them). Each names the lessons that teach the topic in full; the FAQ test checks that they exist.
 */
export interface FaqEntry {
  question: string;
  /** Other words learners use for the same question. */
  keywords: string;
  answer: string;
  materialIds: string[];
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: "How do I debug Java code?",
    keywords: "debugging java bug stack trace error fix",
    answer:
      "Start with the message, warrior, not the code. A compile error names a line and what javac expected there; an exception's stack trace names the exception and, in its first `at` line from your own class, where it was thrown. Open that line and ask which value there could be wrong.\n\nThen test your guess: print the values you suspect just before the line, change one thing at a time, and run again. Most bugs are a `null`, an off-by-one index or a wrong condition.",
    materialIds: [
      "java-programming--exception-handling",
      "java-programming--checked-unchecked-and-custom-exceptions",
      "java-programming--introduction-to-java",
    ],
  },
  {
    question: "Explain OOP concepts",
    keywords: "object oriented programming pillars encapsulation inheritance polymorphism abstraction",
    answer:
      "Object-oriented programming builds a program from objects: each bundles its data (fields) with the behaviour that works on it (methods), and a class is the blueprint objects are made from.\n\nFour pillars hold it up: **encapsulation** (keep fields private behind methods), **inheritance** (a subclass reuses and extends a parent), **polymorphism** (one call, behaviour chosen by the object's real type) and **abstraction** (depend on what a thing does, through abstract classes and interfaces). Try naming which pillar each lesson below shows.",
    materialIds: [
      "java-programming--classes-and-objects",
      "java-programming--encapsulation-and-access-modifiers",
      "java-programming--inheritance",
      "java-programming--polymorphism-and-overriding",
    ],
  },
  {
    question: "What are data structures?",
    keywords: "data structure array list stack queue hash table tree graph",
    answer:
      "A data structure is a way of organising data so that the operations you need most are fast. Arrays give instant access by index; linked lists cheap insertion at the ends; stacks and queues a processing order; hash tables lookup by key in about constant time; trees keep data sorted or hierarchical; graphs model connections.\n\nAsk yourself first: which operation will my program do most often? The answer picks the structure.",
    materialIds: [
      "data-structures-algorithms--arrays-and-two-pointers",
      "data-structures-algorithms--hash-tables",
      "data-structures-algorithms--stacks-and-queues",
      "java-programming--collections-and-arraylist",
    ],
  },
  {
    question: "Help with algorithms",
    keywords: "algorithm problem solving approach complexity big-o technique",
    answer:
      "Face an algorithm problem in order: restate it in your own words, work a small example by hand, write the plain brute-force solution, and only then look for a better one with a known pattern (two pointers, hashing, sliding window, recursion, dynamic programming).\n\nFor every version, state its time and space complexity in Big-O: it tells you whether the improvement was worth it.",
    materialIds: [
      "data-structures-algorithms--big-o-complexity",
      "coding-interview-preparation--how-coding-interviews-work",
      "data-structures-algorithms--sorting-and-searching",
    ],
  },
  {
    question: "Which sorting algorithm is fastest?",
    keywords: "fastest sort sorting algorithm quicksort merge sort complexity",
    answer:
      "There is no single fastest sort. Comparison sorts cannot beat O(n log n) on average: merge sort guarantees it and is stable, quicksort is usually quickest in practice but degrades to O(n²) on bad pivots, and insertion sort wins on tiny or nearly sorted inputs.\n\nIn real code, use the library: Java's `Arrays.sort` and `Collections.sort` pick well-tuned algorithms for you.",
    materialIds: ["data-structures-algorithms--sorting-and-searching", "data-structures-algorithms--big-o-complexity"],
  },
  {
    question: "Where should I start learning to code?",
    keywords: "beginner start first course begin learn programming new",
    answer:
      "Begin where every recruit begins: one language, learned properly. Java Programming starts from your very first program and builds up to streams and concurrency, one topic at a time, each with a quiz.\n\nIf you would rather build web pages first, take HTML & CSS Foundations, then JavaScript Fundamentals.",
    materialIds: ["java-programming--introduction-to-java", "javascript-fundamentals--getting-started-and-variables"],
  },
  {
    question: "What is the difference between an abstract class and an interface?",
    keywords: "abstract class interface difference when to use",
    answer:
      "Both describe what a type can do without saying everything about how. An abstract class can hold state (fields), constructors and finished methods, and a class extends only one. An interface is a pure contract (with optional default methods), and a class may implement many.\n\nHint: if the types share code and state, reach for an abstract class; if unrelated types share a capability, an interface.",
    materialIds: ["java-programming--abstract-classes", "java-programming--interfaces"],
  },
  {
    question: "What does NullPointerException mean?",
    keywords: "nullpointerexception null pointer npe exception",
    answer:
      "A `NullPointerException` means you used a reference that points to no object: you called a method or read a field on `null`. The stack trace's first line from your code says where.\n\nAsk which variable on that line could be `null`, and why it was never given an object (a missing `new`, a field not set in the constructor, a map lookup that found nothing).",
    materialIds: [
      "java-programming--classes-and-objects",
      "java-programming--constructors-and-this",
      "java-programming--optional",
    ],
  },
];
