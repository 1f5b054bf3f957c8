import { parseMarkdown, type Root } from "@koc/shared/markdown";

const trees = new Map<string, Root>();

/**
 * The one grammar's tree of a lesson, exercise or question text, parsed once per process: the
 * loader, the validator and the example checks each read the same texts (parsing was 6 of the
 * catalogue check's 8 seconds). The trees are only read, never changed.
 */
export function parsed(markdown: string): Root {
  let tree = trees.get(markdown);
  if (!tree) {
    tree = parseMarkdown(markdown);
    trees.set(markdown, tree);
  }
  return tree;
}

/**
 * Drops the trees: a long-lived process (the server reading content/ without a built catalogue)
 * calls it once the catalogue is loaded and checked, so the trees of every lesson do not stay in
 * its memory.
 */
export function forgetParsed(): void {
  trees.clear();
}
