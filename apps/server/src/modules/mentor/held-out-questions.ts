/**
 * Twenty questions written from the lessons (worded as a learner would, not copied from headings),
 * each with the lesson that answers it. The retrieval test and bench/mentor-retrieval.ts use them;
 * retrieval is never tuned on them by listing them anywhere else.
 */
export const HELD_OUT_QUESTIONS: readonly { question: string; materialId: string }[] = [
  {
    question: "Why does name = name inside my constructor leave the field empty?",
    materialId: "java-programming--constructors-and-this",
  },
  {
    question: "How do I read a value from a HashMap, with a default when the key is missing?",
    materialId: "java-programming--maps",
  },
  {
    question: "What is the difference between a checked and an unchecked exception?",
    materialId: "java-programming--checked-unchecked-and-custom-exceptions",
  },
  {
    question: "How can I filter a list and map each element with a pipeline?",
    materialId: "java-programming--stream-api",
  },
  {
    question: "When should I use do while instead of while?",
    materialId: "java-programming--while-and-do-while-loops",
  },
  { question: "Why is String immutable and how do I compare two strings?", materialId: "java-programming--strings" },
  {
    question: "How does a method call itself until it reaches a base case?",
    materialId: "java-programming--overloading-and-recursion",
  },
  {
    question: "What happens when I cast a double to an int?",
    materialId: "java-programming--type-conversion-and-casting",
  },
  {
    question: "Why must I override hashCode when I override equals?",
    materialId: "java-programming--object-class-methods",
  },
  { question: "How do I avoid returning null when a value may be missing?", materialId: "java-programming--optional" },
  {
    question: "What does a closure remember from the function that created it?",
    materialId: "javascript-fundamentals--scope-and-closures",
  },
  {
    question: "How do I wait for a fetch to finish with await and handle its errors?",
    materialId: "javascript-fundamentals--promises-and-async-await",
  },
  {
    question: "How do I count rows per category with an aggregate?",
    materialId: "sql-databases--aggregates-and-group-by",
  },
  { question: "How do I combine rows from two tables with a join?", materialId: "sql-databases--joining-tables" },
  {
    question: "How do I fix a merge conflict between two branches?",
    materialId: "git-version-control--merging-and-conflicts",
  },
  {
    question: "How do I center items in a row with justify-content?",
    materialId: "html-css-foundations--flexbox-layout",
  },
  {
    question: "Why does my React component re-render when I call the setter?",
    materialId: "react-development--state-with-usestate",
  },
  {
    question: "How does Python handle a dictionary lookup of a missing key?",
    materialId: "python-programming--dictionaries-and-sets",
  },
  {
    question: "What is the time complexity of nested loops in Big-O?",
    materialId: "data-structures-algorithms--big-o-complexity",
  },
  {
    question: "How do I visit a graph level by level with a queue?",
    materialId: "data-structures-algorithms--graphs-bfs-and-dfs",
  },
];
