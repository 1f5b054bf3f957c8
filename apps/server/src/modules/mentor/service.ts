import type { MentorChatRequest, MentorChatResponse, MentorSource } from "@koc/shared";
import MiniSearch from "minisearch";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import type { CircuitBreaker } from "../../adapters/mentor-model/circuit-breaker.js";
import type { MentorModel } from "../../adapters/mentor-model/types.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { CatalogueService } from "../catalogue/service.js";
import { RUN_RATE_LIMIT } from "../run/routes.js";
import { asksAboutCode, type CodeFinding, checkCode } from "./code-check.js";
import { FAQ, type FaqEntry } from "./faq.js";
import { freeFirst } from "./premium.js";
import { buildMessages } from "./prompt.js";
import { buildIndex, type LessonIndex, normalizeTerm, type Passage } from "./retrieval.js";

const GREETING =
  "Greetings, warrior! Ask me about any topic from our courses (loops, classes, streams, SQL joins, React hooks, Big-O...) and I will point you to the lesson that explains it.";
const NOT_FOUND =
  "I searched every scroll in the royal library and found nothing on that. Try naming the concept (for example: recursion, HashMap, closures, git merge) and I will find the lesson for you.";

export interface Asker {
  /** Premium lessons are quoted to premium learners only. */
  isPremium: boolean;
  /** The address, for the shared limit on compiling (same as POST /api/run). */
  ip: string;
}

export interface MentorDeps {
  catalogue: CatalogueService;
  codeRunner: () => CodeRunner;
  rateLimiter: RateLimiter;
  model?: MentorModel | undefined;
  breaker: CircuitBreaker;
  log: { warn(obj: object, msg: string): void };
}

/** Keep the first sentences of a passage up to about `max` characters. */
function excerpt(text: string, max = 520): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "));
  return end > 120 ? cut.slice(0, end + 1) : `${cut.trimEnd()}...`;
}

const toSource = (p: Passage): MentorSource => ({
  courseId: p.courseId,
  materialId: p.materialId,
  title: p.title,
  section: p.section,
});

function buildFaqIndex() {
  const index = new MiniSearch<FaqEntry & { id: number }>({
    fields: ["question", "keywords"],
    processTerm: normalizeTerm,
    searchOptions: { boost: { question: 2 } },
  });
  index.addAll(FAQ.map((f, id) => ({ ...f, id })));
  const termsOf = (text: string) =>
    new Set(
      text
        .split(/[^\p{L}\p{N}]+/u)
        .map(normalizeTerm)
        .filter((t): t is string => t !== null),
    );
  /** A curated answer when the question says nearly the same as one of them. */
  return (message: string): FaqEntry | undefined => {
    const asked = termsOf(message);
    if (asked.size === 0) return undefined;
    for (const r of index.search(message)) {
      const entry = FAQ[Number(r.id)];
      if (!entry) continue;
      const known = termsOf(`${entry.question} ${entry.keywords}`);
      const covered = [...asked].filter((t) => known.has(t)).length;
      if (covered / asked.size >= 0.75) return entry;
    }
    return undefined;
  };
}

/**
 * Kattappa: retrieval over our lessons and a curated FAQ always; with a model configured, the model
 * answers grounded in the retrieved passages, behind a circuit breaker that falls back to retrieval.
 */
export function createMentorService(deps: MentorDeps) {
  let index: Promise<LessonIndex> | undefined;
  const matchFaq = buildFaqIndex();

  const load = async () => {
    const lessons = [];
    for (const c of await deps.catalogue.listCourses()) {
      const materials = await deps.catalogue.lessonsWithAnswers(c._id);
      for (const m of materials) {
        if (!m.content) continue;
        lessons.push({
          courseId: c._id,
          courseTitle: c.title,
          materialId: m._id,
          title: m.title,
          content: m.content,
          // The first lesson of a premium course is its free preview.
          locked: c.access === "premium" && m._id !== materials[0]?._id,
        });
      }
    }
    return buildIndex(lessons);
  };
  const getIndex = () => {
    index ??= load().catch((err) => {
      index = undefined;
      throw err;
    });
    return index;
  };

  async function prepare(request: MentorChatRequest, asker: Asker) {
    const { message, context } = request;
    const idx = await getIndex();
    let finding: CodeFinding | undefined;
    const aboutCode = asksAboutCode(message, context);
    if (aboutCode && context?.code && context.language) {
      const limit = await deps.rateLimiter.hit(`run:ip:${asker.ip}`, RUN_RATE_LIMIT, 60);
      finding = limit.allowed
        ? // The asker's address is the owner: a code check shares the address's fair share of the runner.
          await checkCode(deps.codeRunner(), context.code, context.language, {
            key: `address:${asker.ip}`,
            visitor: true,
          })
        : {
            kind: "unavailable",
            reason: `you have run a lot of code this minute; wait ${limit.retryAfterSeconds} seconds`,
          };
    }
    const where = { materialId: context?.materialId, courseId: context?.courseId, language: context?.language };
    const lesson = finding && "materialId" in finding ? finding : undefined;
    const topicHits = lesson
      ? [
          idx.search(`${lesson.topic} ${message}`, { within: lesson.materialId, limit: 1 })[0]?.passage ??
            idx.passages.find((x) => x.materialId === lesson.materialId),
        ].flatMap((x) => x ?? [])
      : [];
    // The error on screen names the exception or compiler message the question often only hints at.
    const asked = context?.lastError ? `${message}\n${context.lastError.slice(0, 400)}` : message;
    const messageHits = idx.search(asked, { ...where, limit: 3 });
    const faq = finding ? undefined : matchFaq(message);
    const faqPassages = faq ? faq.materialIds.flatMap((id) => idx.passages.find((p) => p.materialId === id) ?? []) : [];
    const seen = new Set<string>();
    const found = [...topicHits, ...faqPassages, ...messageHits.map((h) => h.passage)].filter(
      (p) => !seen.has(p.materialId) && seen.add(p.materialId),
    );
    const passages = freeFirst(idx, found, message, asker.isPremium).slice(0, 3);
    const canRead = (p: Passage) => !p.locked || asker.isPremium;
    return { message, context, finding, aboutCode, faq, passages, canRead };
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  function findingAnswer(f: CodeFinding, lesson: Passage | undefined): string {
    const read = lesson ? `\n\nThe lesson **${lesson.title}** (${lesson.courseTitle}) covers this.` : "";
    switch (f.kind) {
      case "compile-error":
        return `Your code does not compile yet. javac stops${f.line ? ` at line ${f.line}` : ""}: \`${f.message}\`.\n\n${f.hint}${read}`;
      case "runtime-error":
        return `Your code compiles, but when it runs it throws \`${f.exception}\`${f.line ? ` at line ${f.line}` : ""}.\n\n${f.hint}${read}`;
      case "timeout":
        return `${f.hint}${read}`;
      case "ok":
        return f.stdout.trim()
          ? `Your code compiles and runs. It printed:\n\n\`\`\`\n${f.stdout.slice(0, 1000).trimEnd()}\n\`\`\`\n\nIf that is not what you expected, follow the values step by step from the first line whose result surprises you.`
          : "Your code compiles and runs, but prints nothing. Add a System.out.println where you expect a result.";
      case "unavailable":
        return `I could not compile your code on this server: ${f.reason}.`;
      case "browser-language":
        return `Your ${f.language === "python" ? "Python" : "JavaScript"} runs in your browser, not on my anvil: press Execute, and read the first error in the output from the top. It names the line to look at.`;
    }
  }

  /** The answer without a model: a short explanation from the best passages, and the sources. */
  function fromRetrieval(p: Prepared): MentorChatResponse {
    const sources = p.passages.map(toSource);
    const best = p.passages[0];
    if (p.finding) {
      const lines = [findingAnswer(p.finding, "topic" in p.finding ? best : undefined)];
      if (!("topic" in p.finding) && best) lines.push(passageAnswer(best, p.canRead(best)));
      return { success: true, response: lines.join("\n\n"), sources };
    }
    if (p.faq) return { success: true, response: p.faq.answer, sources };
    if (!best) return { success: true, response: NOT_FOUND, sources: [] };
    const lines = [passageAnswer(best, p.canRead(best))];
    const premium = p.passages.slice(1).find((x) => !p.canRead(x));
    if (premium && p.canRead(best)) {
      lines.push(`To go deeper, the premium lesson **${premium.title}** (${premium.courseTitle}) covers this too.`);
    }
    const seeAlso = p.passages
      .slice(1)
      .filter((x) => x !== premium || !p.canRead(best))
      .map((x) => `**${x.title}** (${x.courseTitle})`);
    if (seeAlso.length > 0) lines.push(`See also: ${seeAlso.join(", ")}.`);
    return { success: true, response: lines.join("\n\n"), sources };
  }

  function passageAnswer(best: Passage, readable: boolean): string {
    if (!readable) {
      return `That is taught in **${best.title}** (${best.courseTitle}), section *${best.section}*: a premium lesson. Unlock premium to read it, or ask me about a free topic.`;
    }
    return `From **${best.title}** (${best.courseTitle}), section *${best.section}*:\n\n${excerpt(best.text)}\n\nRead the whole lesson on its course page.`;
  }

  const isGreeting = (message: string) => /^(hi|hello|hey|greetings)\b[\s!.?]*$/i.test(message.trim());

  async function viaModel(
    p: Prepared,
    call: (model: MentorModel, messages: ReturnType<typeof buildMessages>) => Promise<string>,
  ): Promise<MentorChatResponse | undefined> {
    if (!deps.model || !deps.breaker.allow()) return undefined;
    try {
      const text = await call(
        deps.model,
        buildMessages({
          message: p.message,
          passages: p.passages,
          canRead: p.canRead,
          finding: p.finding,
          context: p.context,
          includeCode: p.aboutCode,
        }),
      );
      deps.breaker.success();
      return { success: true, response: text.trim(), sources: p.passages.map(toSource) };
    } catch (err) {
      deps.breaker.failure();
      deps.log.warn(
        { err: err instanceof Error ? err.message : String(err), circuit: deps.breaker.state },
        "mentor model failed; answering from the lessons",
      );
      return undefined;
    }
  }

  return {
    /** Builds the lesson index ahead of the first question (main.ts, once the catalogue is seeded). */
    async warm(): Promise<void> {
      await getIndex();
    },

    /** Where answers come from now: "model" when one is configured and its circuit is not open. */
    get mode(): "model" | "retrieval" {
      return deps.model && deps.breaker.state !== "open" ? "model" : "retrieval";
    },

    async answer(request: MentorChatRequest, asker: Asker): Promise<MentorChatResponse> {
      if (isGreeting(request.message)) return { success: true, response: GREETING, sources: [] };
      const p = await prepare(request, asker);
      return (await viaModel(p, (m, messages) => m.complete(messages))) ?? fromRetrieval(p);
    },

    /**
     * The same answer, streamed: `onDelta` gets the model's pieces as they come. When the model fails
     * part-way, `restart` tells the listener to drop what it has; the retrieval answer follows whole.
     */
    async stream(
      request: MentorChatRequest,
      asker: Asker,
      onDelta: (text: string) => void,
      restart: () => void,
    ): Promise<MentorChatResponse> {
      if (isGreeting(request.message)) {
        onDelta(GREETING);
        return { success: true, response: GREETING, sources: [] };
      }
      const p = await prepare(request, asker);
      let sent = false;
      const answered = await viaModel(p, (m, messages) =>
        m.stream(messages, (t) => {
          sent = true;
          onDelta(t);
        }),
      );
      if (answered) return answered;
      if (sent) restart();
      const fallback = fromRetrieval(p);
      onDelta(fallback.response);
      return fallback;
    },
  };
}

export type MentorService = ReturnType<typeof createMentorService>;
