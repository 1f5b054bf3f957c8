/**
 * Hidden unit tests of trials (JUnit 5, unittest, node:test): the harnesses that run them in the
 * sandbox, reading their names, and turning what they report into what a learner may see. Used by
 * the server and the content checks; kept out of the main entry so the web bundle never holds it.
 */
export * from "./harness.js";
export * from "./names.js";
export * from "./results.js";
