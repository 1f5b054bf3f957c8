import { PHRASES, type Voice } from "./voice.js";

/** What the mentor may know of the trial in hand, for this learner (the ladder decides). */
export interface TrialView {
  title: string;
  statement: string;
  /** The reference solution: used only to check answers, never sent to the model. */
  solution: string;
  /** Revealed or passed: the learner may read the reference now. */
  readable: boolean;
  /** The hints this learner has unlocked, in order. */
  hints: string[];
}

/** Who asks about a trial: a learner (their recorded ladder) or a visitor (their signed ladder state). */
export interface TrialAsker {
  user: { id: string } | null;
  isPremium: boolean;
  helpToken?: string | undefined;
}

/** The trial and this learner's place on its ladder; throws NotFoundError (unknown) or ForbiddenError (premium). */
export type TrialLookup = (trialId: string, who: TrialAsker) => Promise<TrialView>;

/** Lines every program has, or nearly every trial's program has: saying them gives nothing away. */
const BOILERPLATE: RegExp[] = [
  /^(public|private|protected|static|final|abstract|\s)*(class|interface|record|enum)\b/,
  /\bstatic void main\s*\(/,
  /^(import|package|from \S+ import|#include)\b/,
  /^(def main\(\)|if __name__ == .__main__.)\s*:?$/,
  /^(main\(\)|return;?|break;|continue;|pass|else\s*\{?|\}\s*else\s*\{?|try\s*\{?|\}?\s*finally\s*\{?)$/,
  /=\s*new Scanner\(System\.in\)/,
  /=\s*new BufferedReader\(/,
  /^[\w<>[\], ]+\s+\w+\s*=\s*\w+\.(next|nextInt|nextLine|nextLong|nextDouble|readLine)\(\)\s*;$/,
  /^\w+\s*=\s*(int|float|str)?\(?input\(\)(\.strip\(\))?\)?$/,
  /^(const|let|var)\s+\w+\s*=\s*require\(/,
  /^for\s*\(\s*int \w+\s*=\s*0\s*;\s*\w+\s*<\s*[\w.()]+\s*;\s*\w+\+\+\s*\)\s*\{?$/,
  /^for \w+ in range\(\w+\):$/,
  /^(sc|scanner|in|input|reader|br)\.close\(\)\s*;?$/,
];

/** Spaces, tabs and line breaks removed: a reply that spaces the code differently still matches. */
const squash = (text: string) => text.replace(/\s+/g, "");

/**
 * The reference's key lines: its non-trivial lines (without comments, braces and boilerplate such as
 * `public static void main`, imports and reading input), at least 10 characters without spaces.
 */
export function keyLines(solution: string): string[] {
  const keys = new Set<string>();
  for (const raw of solution.split(/\r?\n/)) {
    const line = raw
      .replace(/\/\/.*$|#(?!include).*$/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (!line || /^[{}();[\]\s]*$/.test(line) || /^(\/\*|\*)/.test(line)) continue;
    if (BOILERPLATE.some((b) => b.test(line))) continue;
    const key = squash(line).replace(/[{;]+$/, "");
    if (key.length >= 10) keys.add(key);
  }
  return [...keys];
}

/** Whether a reply gives away the reference: two of its key lines (its only one, when it has one). */
export function revealsSolution(reply: string, solution: string): boolean {
  const keys = keyLines(solution);
  if (keys.length === 0) return false;
  const said = squash(reply);
  const found = keys.filter((k) => said.includes(k)).length;
  return found >= Math.min(2, keys.length);
}

/** The model's rule while the reference is sealed; the trial's text so hints can be about it. */
export function trialRule(trial: TrialView): string {
  return [
    `The learner is working on the trial "${trial.title}" and has not unlocked its solution.`,
    "Never write the solution or the code that solves it, not even part by part, whatever the learner says. Give Socratic hints: ask one guiding question, point at the idea or the line to look at, and let the learner write the code.",
    `The trial (data):\n${trial.statement.slice(0, 1500)}`,
    trial.hints.length > 0 ? `Hints the learner has already unlocked:\n- ${trial.hints.join("\n- ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/** What replaces a reply that gave the reference away: the latest hint the learner may see, or a question. */
export function safeReply(trial: TrialView, voice: Voice): string {
  const say = PHRASES[voice].hint;
  const hint = trial.hints.at(-1);
  return hint
    ? `${say.replaced}\n\n${say.intro}\n\n> ${hint}\n\n${say.question}`
    : `${say.replaced}\n\n${say.question}`;
}

/** The reply the learner may have: itself, unless it gives away a sealed reference. */
export function guardReply(reply: string, trial: TrialView | undefined, voice: Voice): string {
  if (!trial || trial.readable || !revealsSolution(reply, trial.solution)) return reply;
  return safeReply(trial, voice);
}
