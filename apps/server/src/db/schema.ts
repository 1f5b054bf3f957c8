import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";

export interface QuizQuestionRow {
  question: string;
  options: string[];
  correct: number;
  /** What the question tests (content/README.md); given after an attempt, never before. */
  explain?: string;
  /** A heading of the lesson that teaches it. */
  see?: string;
}

/** A course-level quiz question: `lesson` is the id of the lesson that teaches it. */
export interface CourseQuizRow extends QuizQuestionRow {
  lesson: string;
}

/**
 * The columns that tie a row to its learner, course, lesson or trial. Deleting the owner deletes the
 * row: an account's deletion, or a course or lesson gone from the catalogue, leaves nothing behind.
 */
function learnerColumn() {
  return uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}
function courseColumn() {
  return text("course_id")
    .notNull()
    .references(() => courses.id, { onDelete: "cascade" });
}
function materialColumn() {
  return text("material_id")
    .notNull()
    .references(() => materials.id, { onDelete: "cascade" });
}
function exerciseColumn() {
  return text("exercise_id")
    .notNull()
    .references(() => exercises.id, { onDelete: "cascade" });
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    isPremium: boolean("is_premium").notNull().default(false),
    /** Made when the account is created; stored upper-case and matched upper-case. */
    referralCode: text("referral_code").notNull().unique(),
    /** The code this user registered with (upper-case), credited through credit_ledger when it is a learner's. */
    referredByCode: text("referred_by_code"),
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_referral_code_uppercase", sql`${t.referralCode} = upper(${t.referralCode})`),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    access: text("access", { enum: ["free", "premium"] }).notNull(),
    /** From the course's front matter; the seed writes it (Beginner until the first seed after the column came). */
    level: text("level", { enum: ["Beginner", "Intermediate", "Advanced"] })
      .notNull()
      .default("Beginner"),
    position: integer("position").notNull(),
    /** The course-level quiz with its key (content/courses/<id>/course-quiz.yaml); [] when it has none. */
    quiz: jsonb("quiz").$type<CourseQuizRow[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("courses_access_valid", sql`${t.access} in ('free', 'premium')`),
    check("courses_level_valid", sql`${t.level} in ('Beginner', 'Intermediate', 'Advanced')`),
  ],
);

export const materials = pgTable(
  "materials",
  {
    id: text("id").primaryKey(),
    courseId: courseColumn(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    type: text("type", { enum: ["lesson", "exercise", "project"] }).notNull(),
    content: text("content"),
    quiz: jsonb("quiz").$type<QuizQuestionRow[]>().notNull().default([]),
    /** SQL lessons: the statements making the tables the lesson's examples run on (decision 0033). */
    sqlSetup: text("sql_setup"),
  },
  (t) => [
    index("materials_course_position_idx").on(t.courseId, t.position),
    check("materials_position_nonnegative", sql`${t.position} >= 0`),
  ],
);

/** Small key-value facts about the installation, e.g. the hash of the last seeded catalogue. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Messages sent through the contact form. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The outbox mail adapter's store: every mail the app sends when no SMTP server is configured. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail that the job queue has handed to the mail server, one row per dedupe key (decision 0019):
 * a job retried after a crash finds its key here and sends nothing twice.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  messageId: text("message_id").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

export const enrollments = pgTable(
  "enrollments",
  {
    userId: learnerColumn(),
    courseId: courseColumn(),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * Every graded quiz of a signed-in learner (and every visitor receipt they redeemed): the record
 * that progress is computed from. `materialId` null is the course-level quiz panel.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    materialId: text("material_id").references(() => materials.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    answers: jsonb("answers").$type<number[]>().notNull().default([]),
    source: text("source", { enum: ["attempt", "receipt"] })
      .notNull()
      .default("attempt"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_attempts_user_course_idx").on(t.userId, t.courseId),
    check("quiz_attempts_score_range", sql`${t.score} between 0 and 100`),
    check("quiz_attempts_source_valid", sql`${t.source} in ('attempt', 'receipt')`),
  ],
);

/** A topic the learner marked completed, accepted only after a recorded pass of its quiz. */
export const topicCompletions = pgTable(
  "topic_completions",
  {
    userId: learnerColumn(),
    materialId: materialColumn(),
    courseId: courseColumn(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.materialId] }),
    index("topic_completions_user_course_idx").on(t.userId, t.courseId),
  ],
);

/**
 * Every press of the completion button that changed something (completed or not): history, kept
 * when a completion is undone, so the streak counts the day even after the topic is un-completed
 * (marking a topic incomplete takes the xp off and leaves the streak unchanged).
 */
export const topicCompletionChanges = pgTable(
  "topic_completion_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    materialId: materialColumn(),
    completed: boolean("completed").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("topic_completion_changes_user_course_idx").on(t.userId, t.courseId)],
);

/** Visitor receipts already counted: the primary key makes each receipt single use. */
export const redeemedReceipts = pgTable("redeemed_receipts", {
  receiptId: text("receipt_id").primaryKey(),
  userId: learnerColumn(),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Issued certificates; /verify/{code} shows anyone whether one is genuine. */
export const certificates = pgTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    userId: learnerColumn(),
    courseId: courseColumn(),
    name: text("name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("certificates_user_course_unique").on(t.userId, t.courseId)],
);

/** Password reset tokens: only a hash is stored; single use; they expire. */
export const passwordResetTokens = pgTable("password_reset_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: learnerColumn(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Login tokens ended one by one (POST /api/auth/logout), by their jti; kept until the token would
 * have expired anyway. Ending every session at once bumps users.token_version instead.
 */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: text("jti").primaryKey(),
    userId: learnerColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("revoked_tokens_expires_at_idx").on(t.expiresAt)],
);

/**
 * Credits are a ledger: one row per grant, never a counter changed in place; totals are sums.
 * A referral grant names the friend whose new account earned it, and the unique constraint on that
 * friend is what credits each friend at most once, however many requests race. A referral grant is
 * pending (earned_at null) until the friend passes their first Knowledge Check; only earned rows count.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The learner credited. */
    userId: learnerColumn(),
    reason: text("reason", { enum: ["referral"] }).notNull(),
    /**
     * The friend; set null when the friend deletes their account, so a credit already earned stays
     * the referrer's (a pending one is removed with the account: it can never be earned).
     */
    referredUserId: uuid("referred_user_id").references(() => users.id, { onDelete: "set null" }),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the friend's first passed Knowledge Check earned it; null while pending. */
    earnedAt: timestamp("earned_at", { withTimezone: true }),
  },
  (t) => [
    unique("credit_ledger_referred_user_unique").on(t.referredUserId),
    index("credit_ledger_user_idx").on(t.userId),
    check("credit_ledger_reason_valid", sql`${t.reason} in ('referral')`),
    check("credit_ledger_amount_positive", sql`${t.amount} > 0`),
    check(
      "credit_ledger_referral_names_friend",
      sql`${t.reason} <> 'referral' or ${t.referredUserId} is null or ${t.referredUserId} <> ${t.userId}`,
    ),
  ],
);
/** Orders for lifetime premium, created through the payment gateway (Razorpay or the test checkout). */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    /** The gateway's order id, e.g. order_Nx3...; what the browser's checkout pays. */
    id: text("id").primaryKey(),
    /** Null once the buyer deleted their account: the record is kept for the accounts (decision 0027). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    gateway: text("gateway", { enum: ["razorpay", "test"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    receipt: text("receipt").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_orders_user_idx").on(t.userId), check("payment_orders_amount_positive", sql`${t.amount} > 0`)],
);

/** Payments of those orders: the payment id is unique, so a payment is recorded (and fulfilled) once. */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => paymentOrders.id, { onDelete: "cascade" }),
    /** Null once the buyer deleted their account: the record is kept for the accounts (decision 0027). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["captured", "failed"] }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    errorDescription: text("error_description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    check("payments_status_valid", sql`${t.status} in ('captured', 'failed')`),
  ],
);

export const invoiceNumberSeq = pgSequence("invoice_number_seq", { startWith: 1 });

/** One invoice per captured payment (unique payment_id); the buyer is copied as it was at purchase. */
export const invoices = pgTable("invoices", {
  id: text("id").primaryKey().default(sql`('INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0'))`),
  paymentId: text("payment_id")
    .notNull()
    .unique()
    .references(() => payments.id, { onDelete: "cascade" }),
  orderId: text("order_id").notNull(),
  /** Null once the buyer deleted their account: the invoice is kept as issued (decision 0027). */
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  buyerName: text("buyer_name").notNull(),
  buyerEmail: text("buyer_email").notNull(),
  item: text("item").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Why a user is premium: one row per user (a verified payment or an operator's grant). users.is_premium
 * mirrors it and is set or cleared in the same transaction.
 */
export const premiumEntitlements = pgTable(
  "premium_entitlements",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["payment", "grant"] }).notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("premium_entitlements_source_valid", sql`${t.source} in ('payment', 'grant')`)],
);

/** Every change of premium: who (the gateway or the operator's name), when, why. Never updated. */
export const premiumAudit = pgTable(
  "premium_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: learnerColumn(),
    action: text("action", { enum: ["payment", "grant", "revoke"] }).notNull(),
    actor: text("actor").notNull(),
    reason: text("reason").notNull(),
    paymentId: text("payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("premium_audit_user_idx").on(t.userId)],
);

/** Razorpay webhook deliveries, kept by their x-razorpay-event-id so a redelivery is handled once. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  paymentId: text("payment_id"),
  orderId: text("order_id"),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The test checkout's own record of what the learner did in its dialog (it stands in for Razorpay's servers). */
export const testCheckoutPayments = pgTable("test_checkout_payments", {
  id: text("id").primaryKey(),
  orderId: text("order_id")
    .notNull()
    .references(() => paymentOrders.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["captured", "failed"] }).notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface ExerciseCaseRow {
  name: string;
  sample?: boolean;
  stdin: string;
  stdout: string;
}

/** An SQL trial's grading (decision 0030): each case's stdin holds its tables. */
export interface ExerciseSqlRow {
  ordered: boolean;
  /** Set when the learner's statements change data: the query whose result is compared. */
  check?: string;
}

/** A trial's hidden unit tests (never sent to a learner): the test source and each test's name. */
export interface ExerciseTestsRow {
  code: string;
  names: string[];
  /** Java: the test class. */
  className?: string;
  /** HTML: the viewport width each check runs at, in the order of `names`. */
  widths?: number[];
}

/** A multi-file Java trial (docs/decisions/0032-multi-file-java-trials.md). */
export interface ExerciseProjectRow {
  layout: "flat" | "maven";
  starter: { path: string; code: string; readOnly?: true }[];
  solution: { path: string; code: string; readOnly?: true }[];
  /** The entry class's binary name, e.g. mahishmati.Main. */
  mainClass: string;
}

/**
 * Auto-graded exercises ("trials"), seeded from content/courses/<course>/exercises like materials.
 * `cases` holds the hidden cases and `solution` the reference: both never leave the server.
 */
export const exercises = pgTable(
  "exercises",
  {
    id: text("id").primaryKey(),
    courseId: courseColumn(),
    materialId: materialColumn(),
    /** Order within the course: lesson order, then k. */
    position: integer("position").notNull(),
    k: integer("k").notNull(),
    title: text("title").notNull(),
    difficulty: integer("difficulty").notNull(),
    language: text("language", { enum: ["java", "python", "javascript", "sql", "html"] }).notNull(),
    statement: text("statement").notNull(),
    starter: text("starter").notNull(),
    solution: text("solution").notNull(),
    hints: jsonb("hints").$type<string[]>().notNull().default([]),
    cases: jsonb("cases").$type<ExerciseCaseRow[]>().notNull(),
    /** Hidden unit tests, beside the cases; null for a trial graded on its cases only. */
    tests: jsonb("tests").$type<ExerciseTestsRow>(),
    /** Java: the release the trial runs on (21 for the Java 21 topics); null means 17. */
    release: integer("release"),
    /** SQL trials: whether the rows' order counts, and the check query of a trial that changes data. */
    sql: jsonb("sql").$type<ExerciseSqlRow>(),
    /** A multi-file Java project's files; null for a single-file trial. */
    project: jsonb("project").$type<ExerciseProjectRow>(),
  },
  (t) => [
    index("exercises_course_position_idx").on(t.courseId, t.position),
    check("exercises_language_valid", sql`${t.language} in ('java', 'python', 'javascript', 'sql', 'html')`),
    check("exercises_difficulty_range", sql`${t.difficulty} between 1 and 3`),
  ],
);

/**
 * A learner's pass of a trial: one row per learner and exercise (the primary key), so a pass is
 * recorded, and its xp granted, once however many submissions race.
 */
export const exercisePasses = pgTable(
  "exercise_passes",
  {
    userId: learnerColumn(),
    exerciseId: exerciseColumn(),
    courseId: courseColumn(),
    source: text("source", { enum: ["submission", "receipt"] })
      .notNull()
      .default("submission"),
    /** Passed after revealing the solution: a quarter of the xp, no achievement, not on the certificate. */
    withHelp: boolean("with_help").notNull().default(false),
    passedAt: timestamp("passed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exerciseId] }),
    index("exercise_passes_user_course_idx").on(t.userId, t.courseId),
    check("exercise_passes_source_valid", sql`${t.source} in ('submission', 'receipt')`),
  ],
);

/**
 * Every graded submission of a signed-in learner ("My attempts"): the code, language, Java release,
 * and each check's result as the learner saw it (never hidden data).
 */
export const exerciseAttempts = pgTable(
  "exercise_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: learnerColumn(),
    exerciseId: exerciseColumn(),
    code: text("code").notNull(),
    /** A project trial's every editable file (`code` is then its Main.java); null for a single-file trial. */
    files: jsonb("files").$type<{ path: string; code: string }[]>(),
    language: text("language").notNull(),
    /** "java17" etc.; null for Python and JavaScript. */
    release: text("release"),
    passed: boolean("passed").notNull(),
    compileError: boolean("compile_error").notNull().default(false),
    checks: jsonb("checks").$type<{ name: string; passed: boolean; timedOut: boolean }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("exercise_attempts_user_exercise_idx").on(t.userId, t.exerciseId, t.createdAt)],
);

/**
 * A learner's place on a trial's ladder of help: failed submissions, hints taken (and the failures
 * when the last was taken: the next needs another attempt), and when the solution was revealed.
 */
export const exerciseHelp = pgTable(
  "exercise_help",
  {
    userId: learnerColumn(),
    exerciseId: exerciseColumn(),
    failures: integer("failures").notNull().default(0),
    hintsTaken: integer("hints_taken").notNull().default(0),
    failuresAtLastHint: integer("failures_at_last_hint").notNull().default(0),
    revealedAt: timestamp("revealed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exerciseId] }),
    check("exercise_help_counts", sql`${t.failures} >= 0 and ${t.hintsTaken} >= 0`),
  ],
);

/**
 * The editor's draft per trial and per lesson example, so it follows the learner to another device.
 * Last write wins by the browser's timestamp (`updated_at`).
 */
export const codeDrafts = pgTable(
  "code_drafts",
  {
    userId: learnerColumn(),
    key: text("key").notNull(),
    code: text("code").notNull(),
    language: text("language").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * The review deck (decision 0026): one FSRS card per learner and missed item, a quiz question
 * (`question_index` of a lesson's Knowledge Check, or of the course quiz when `material_id` is
 * null) or a trial. `item` names the item so that the unique constraint keeps one card each; the
 * columns after `due` are ts-fsrs's Card, stored as it needs them.
 */
export const reviewCards = pgTable(
  "review_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: learnerColumn(),
    kind: text("kind", { enum: ["quiz", "trial"] }).notNull(),
    /** "quiz:<course>:<lesson or course-quiz>:<index>" or "trial:<exercise>". */
    item: text("item").notNull(),
    courseId: courseColumn(),
    materialId: text("material_id").references(() => materials.id, { onDelete: "cascade" }),
    questionIndex: integer("question_index"),
    /** The question's text when it was missed: a card whose question changed since is left out. */
    prompt: text("prompt"),
    exerciseId: text("exercise_id").references(() => exercises.id, { onDelete: "cascade" }),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("review_cards_user_item_unique").on(t.userId, t.item),
    index("review_cards_user_due_idx").on(t.userId, t.due),
    check("review_cards_kind_valid", sql`${t.kind} in ('quiz', 'trial')`),
    check(
      "review_cards_reference",
      sql`(${t.kind} = 'quiz' and ${t.questionIndex} is not null and ${t.exerciseId} is null) or (${t.kind} = 'trial' and ${t.exerciseId} is not null and ${t.questionIndex} is null)`,
    ),
    check("review_cards_state_valid", sql`${t.state} between 0 and 3`),
  ],
);
