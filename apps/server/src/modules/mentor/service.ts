import type {
  MentorChatRequest,
  MentorChatResponse,
  MentorExplainRequest,
  MentorExplainResponse,
  MentorSource,
} from "@koc/shared";
import MiniSearch from "minisearch";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import type { CircuitBreaker } from "../../adapters/mentor-model/circuit-breaker.js";
import type { MentorModel } from "../../adapters/mentor-model/types.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { CatalogueService } from "../catalogue/service.js";
import { hitRunLimit } from "../run/routes.js";
import { asksAboutCode, type CodeFinding, checkCode } from "./code-check.js";
import { diagnose, explainMessages, offlineExplanation, sectionLink } from "./explain/explain.js";
import { FAQ, type FaqEntry } from "./faq.js";
import { freeFirst } from "./premium.js";
import { buildMessages } from "./prompt.js";
import { buildIndex, type LessonIndex, normalizeTerm, type Passage } from "./retrieval.js";
import { guardReply, type TrialLookup, type TrialView, trialRule } from "./trial-guard.js";
import { detectVoice, PHRASES, VOICE_INSTRUCTION, type Voice } from "./voice.js";

export interface Asker {
  /** Premium lessons are quoted to premium learners only. */
  isPremium: boolean;
  /** The address, for the shared limit on compiling (same as POST /api/run). */
  ip: string;
  /** The learner, whose ladder on a trial decides what the mentor may say; null for a visitor. */
  user?: { id: string } | null;
  /** A visitor's signed ladder state for the trial in hand (the x-trial-help header). */
  helpToken?: string | undefined;
}

export interface MentorDeps {
  catalogue: CatalogueService;
  codeRunner: () => CodeRunner;
  rateLimiter: RateLimiter;
  model?: MentorModel | undefined;
  breaker: CircuitBreaker;
  /** The trial in hand and the asker's place on its ladder (none: trials are not guarded). */
  trials?: TrialLookup | undefined;
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

  async function trialFor(trialId: string | undefined, asker: Asker): Promise<TrialView | undefined> {
    if (!trialId || !deps.trials) return undefined;
    return deps.trials(trialId, { user: asker.user ?? null, isPremium: asker.isPremium, helpToken: asker.helpToken });
  }

  async function prepare(request: MentorChatRequest, asker: Asker) {
    const { message, context } = request;
    const voice = detectVoice(message);
    const trial = await trialFor(context?.trialId, asker);
    const idx = await getIndex();
    let finding: CodeFinding | undefined;
    const aboutCode = asksAboutCode(message, context);
    if (aboutCode && context?.code && context.language) {
      const limit = await hitRunLimit(deps.rateLimiter, asker.ip);
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
    return { message, context, finding, aboutCode, faq, passages, canRead, voice, trial };
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
    const say = PHRASES[p.voice];
    if (!best) return { success: true, response: say.notFound, sources: [] };
    const lines = [passageAnswer(best, p.canRead(best), p.voice)];
    const premium = p.passages.slice(1).find((x) => !p.canRead(x));
    if (premium && p.canRead(best)) lines.push(say.premium(lessonName(premium)));
    const seeAlso = p.passages
      .slice(1)
      .filter((x) => x !== premium || !p.canRead(best))
      .map(lessonName);
    if (seeAlso.length > 0) lines.push(`${say.seeAlso} ${seeAlso.join(", ")}.`);
    return { success: true, response: lines.join("\n\n"), sources };
  }

  const lessonName = (p: Passage) => `**${p.title}** (${p.courseTitle})`;

  function passageAnswer(best: Passage, readable: boolean, voice: Voice = "en"): string {
    const say = PHRASES[voice];
    if (!readable) return say.lockedLesson(lessonName(best), best.section);
    return `${say.fromLesson(lessonName(best), best.section)}\n\n${excerpt(best.text)}\n\n${say.readWhole}`;
  }

  const isGreeting = (message: string) =>
    /^(hi|hello|hey|greetings|namaste|namaskar|नमस्ते|नमस्कार|प्रणाम)(?![\p{L}\p{M}\p{N}])[\s!.?।]*$/iu.test(
      message.trim(),
    );
  /** A greeting in kind: Devanagari gets Hindi, a Latin "namaste" Hinglish. */
  const greeting = (message: string) => {
    const voice = detectVoice(message);
    return PHRASES[voice === "en" && /^namas/i.test(message.trim()) ? "hinglish" : voice].greeting;
  };

  /** The system lines a model gets besides the grounding: the trial's rule while sealed, the learner's language. */
  function modelRules(trial: TrialView | undefined, voice: Voice): string[] {
    const rules: string[] = [];
    if (trial && !trial.readable) rules.push(trialRule(trial));
    const language = VOICE_INSTRUCTION[voice];
    if (language) rules.push(language);
    return rules;
  }

  async function viaModel(
    p: Prepared,
    call: (model: MentorModel, messages: ReturnType<typeof buildMessages>) => Promise<string>,
  ): Promise<MentorChatResponse | undefined> {
    const text = await askModel(
      call,
      buildMessages({
        message: p.message,
        passages: p.passages,
        canRead: p.canRead,
        finding: p.finding,
        context: p.context,
        includeCode: p.aboutCode,
        rules: modelRules(p.trial, p.voice),
      }),
    );
    if (text === undefined) return undefined;
    return { success: true, response: guardReply(text.trim(), p.trial, p.voice), sources: p.passages.map(toSource) };
  }

  /** The model's answer behind the circuit breaker; undefined when there is no model or it failed. */
  async function askModel(
    call: (model: MentorModel, messages: ReturnType<typeof buildMessages>) => Promise<string>,
    messages: ReturnType<typeof buildMessages>,
  ): Promise<string | undefined> {
    if (!deps.model || !deps.breaker.allow()) return undefined;
    try {
      const text = await call(deps.model, messages);
      deps.breaker.success();
      return text;
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

    /** Throws as the trial's own routes would (404 unknown, 403 premium) before a stream starts. */
    async checkTrial(trialId: string | undefined, asker: Asker): Promise<void> {
      await trialFor(trialId, asker);
    },

    /** Where answers come from now: "model" when one is configured and its circuit is not open. */
    get mode(): "model" | "retrieval" {
      return deps.model && deps.breaker.state !== "open" ? "model" : "retrieval";
    },

    async answer(request: MentorChatRequest, asker: Asker): Promise<MentorChatResponse> {
      if (isGreeting(request.message)) return { success: true, response: greeting(request.message), sources: [] };
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
        const text = greeting(request.message);
        onDelta(text);
        return { success: true, response: text, sources: [] };
      }
      const p = await prepare(request, asker);
      // While a trial's reference is sealed the answer is checked whole before any of it is shown.
      const held = p.trial !== undefined && !p.trial.readable;
      let sent = false;
      const answered = await viaModel(p, (m, messages) =>
        m.stream(messages, (t) => {
          if (held) return;
          sent = true;
          onDelta(t);
        }),
      );
      if (answered) {
        if (held) onDelta(answered.response);
        return answered;
      }
      if (sent) restart();
      const fallback = fromRetrieval(p);
      onDelta(fallback.response);
      return fallback;
    },

    /**
     * "Explain this error": the line it points at, what the message means, and the lesson section
     * that teaches it (from the curated table, else the best passage in the error's language). With
     * a model, the model explains it from the code, the error and that section.
     */
    async explain(request: MentorExplainRequest, asker: Asker): Promise<MentorExplainResponse> {
      const voice = detectVoice(request.message ?? "");
      const trial = await trialFor(request.context?.trialId, asker);
      const idx = await getIndex();
      const d = diagnose(request);
      const curated = d.entry
        ? idx.passages.find((x) => x.materialId === d.entry?.materialId && x.section === d.entry.section)
        : undefined;
      const section =
        curated ??
        idx.search(d.parsed.headline || request.error.slice(0, 400), {
          language: d.language,
          freeOnly: !asker.isPremium,
          limit: 1,
        })[0]?.passage;
      const facts = {
        ...(d.parsed.line !== undefined ? { line: d.parsed.line } : {}),
        ...(d.parsed.language ? { errorLanguage: d.parsed.language } : {}),
        ...(section ? { section: sectionLink(section) } : {}),
      };
      const rules = trial && !trial.readable ? [trialRule(trial)] : [];
      const text = await askModel(
        (m, messages) => m.complete(messages),
        explainMessages(request, d, section, voice, rules),
      );
      const response =
        text === undefined
          ? offlineExplanation(d, request.language, section, voice)
          : guardReply(text.trim(), trial, voice);
      return { success: true, response, ...facts };
    },
  };
}

export type MentorService = ReturnType<typeof createMentorService>;
