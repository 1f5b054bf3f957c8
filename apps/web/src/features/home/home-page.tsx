import {
  Bug,
  Castle,
  Crown,
  Dumbbell,
  Flag,
  GraduationCap,
  Hammer,
  Map as MapIcon,
  MessageSquareCode,
  Play,
  Scroll,
  Shield,
  Swords,
  Terminal,
} from "lucide-react";
import { Link } from "react-router";
import fortressArt from "../../assets/fortress.svg?no-inline";
import { useLowData } from "../../lib/low-data";
import { paths } from "../../lib/paths";
import { HeroCarousel } from "./hero-carousel";
import "./home.css";

/** The first lesson's first example: a visitor runs a real program two clicks from home. */
const FIRST_PROGRAM_LINK = paths.lessonExample("java-programming", "java-programming--introduction-to-java");

const stats = [
  { value: "10+", label: "Courses" },
  { value: "100+", label: "Topics" },
  { value: "24/7", label: "Support" },
];

const features = [
  {
    Icon: Scroll,
    title: "Lessons Forged for Warriors",
    text: "Clear, hands-on lessons in Java, Python, JavaScript, data structures and system design, each ending in a quiz that proves you earned it.",
  },
  {
    Icon: Terminal,
    title: "A Code Editor in Your Armoury",
    text: "Write and run Java, JavaScript and Python right in the browser. No installation, no excuses: just you and the code.",
  },
  {
    Icon: MessageSquareCode,
    title: "Kattappa at Your Side",
    text: "Stuck at midnight? Kattappa, our coding mentor, answers questions about loops, closures, classes and more, day and night.",
  },
];

const journey = [
  {
    Icon: Flag,
    title: "Programming Basics",
    text: "Variables, types, conditions and loops: the drills of every recruit.",
  },
  {
    Icon: Shield,
    title: "Core Concepts",
    text: "Functions, objects, collections and errors: the armour of a soldier.",
  },
  {
    Icon: Swords,
    title: "Advanced Skills",
    text: "Generics, concurrency, algorithms and design: the blade of a knight.",
  },
  {
    Icon: Hammer,
    title: "Real Projects",
    text: "Build applications that run, break and get fixed, like real campaigns.",
  },
  {
    Icon: Crown,
    title: "Interview Preparation",
    text: "Sharpen problem solving and explain your code with a king's calm.",
  },
];

export default function HomePage() {
  // The low-data setting leaves the hero's picture out.
  const lowData = useLowData();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">The realm of programmers</p>
            <h1 id="hero-title">
              Welcome to the <span className="hero-accent">Kingdom of Code</span>
            </h1>
            <p className="hero-tagline">
              Train like a warrior, code like a king. Rise from recruit to King of Code through lessons, quizzes, real
              code and a mentor who never sleeps.
            </p>
            <div className="hero-actions">
              <Link to={paths.courses} className="btn">
                <Swords aria-hidden="true" size={20} /> Begin Your Quest
              </Link>
              <Link to={paths.about} className="btn btn-outline">
                Discover the Kingdom
              </Link>
              <Link to={FIRST_PROGRAM_LINK} className="btn btn-outline">
                <Play aria-hidden="true" size={20} /> Run Your First Program
              </Link>
            </div>
            <ul className="hero-stats" aria-label="The kingdom in numbers">
              {stats.map((s) => (
                <li key={s.label}>
                  <span className="stat-value">{s.value}</span>
                  <span className="stat-label">{s.label}</span>
                </li>
              ))}
            </ul>
          </div>
          {!lowData && (
            <img
              src={fortressArt}
              alt="A golden-walled fortress on a hill under a night sky, its banners flying from three towers"
              width="480"
              height="320"
              className="hero-art"
              fetchPriority="high"
            />
          )}
        </div>
      </section>

      <section className="container home-section" aria-labelledby="heroes-title">
        <h2 id="heroes-title" className="section-title">
          Voices of the Kingdom
        </h2>
        <HeroCarousel />
      </section>

      <section className="container home-section story-grid" aria-label="Your campaign">
        <article className="card story-card">
          <MapIcon aria-hidden="true" className="story-icon" />
          <h2>Your Coding Journey</h2>
          <p>
            Every great king began as a recruit who could not yet hold a sword. Start with your first Hello, World and
            march, lesson by lesson, to algorithms, architecture and the code that real companies run on.
          </p>
        </article>
        <article className="card story-card">
          <Bug aria-hidden="true" className="story-icon" />
          <h2>Slay Production Bugs</h2>
          <p>
            A bug in production is a dragon at the gates. Learn to read stack traces, reproduce failures, write the test
            that traps them and ship the fix with confidence, before the kingdom even notices.
          </p>
        </article>
        <article className="card story-card">
          <Dumbbell aria-hidden="true" className="story-icon" />
          <h2>Strength Through Practice</h2>
          <p>
            Warriors are made in the training yard. Short quizzes, daily streaks and hands-on exercises turn knowledge
            into strength that stays with you in every interview and every project.
          </p>
        </article>
      </section>

      <section className="home-band" aria-labelledby="why-title">
        <div className="container home-section">
          <h2 id="why-title" className="section-title">
            Why Choose the Kingdom
          </h2>
          <ul className="feature-grid">
            {features.map(({ Icon, title, text }) => (
              <li key={title} className="card feature-card">
                <span className="feature-icon">
                  <Icon aria-hidden="true" size={28} />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="journey-title">
        <h2 id="journey-title" className="section-title">
          Your Five-Step Path to the Throne
        </h2>
        <ol className="journey">
          {journey.map(({ Icon, title, text }, i) => (
            <li key={title} className="journey-step">
              <span className="journey-marker" aria-hidden="true">
                <Icon size={24} />
              </span>
              <div>
                <h3>
                  <span className="journey-number">Step {i + 1}</span> {title}
                </h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="container home-section" aria-labelledby="premium-title">
        <div className="premium-promo">
          <div>
            <p className="banner-ribbon">24-hour flash deal</p>
            <h2 id="premium-title">Claim Lifetime Premium</h2>
            <p>
              Every premium course, certificates, 1:1 mentorship and job placement support, with resources worth 50,000+
              rupees. One payment, yours for life.
            </p>
          </div>
          <div className="premium-price">
            <p className="price-now">
              ₹100 <span className="price-unit">lifetime</span>
            </p>
            <p className="price-was">
              <span className="visually-hidden">Instead of </span>
              <s>₹9,999 per year</s> <span className="saving">Save 99%</span>
            </p>
            <Link to={paths.dashboard} className="btn">
              <Crown aria-hidden="true" size={20} /> Upgrade to Premium
            </Link>
          </div>
        </div>
      </section>

      <section className="container home-section final-cta" aria-labelledby="cta-title">
        <Castle aria-hidden="true" size={48} className="cta-icon" />
        <h2 id="cta-title">The Gates Are Open</h2>
        <p>
          Your kingdom awaits. Pick your first course today, learn more about the realm and its founders, or run your
          first Java program right now: no account needed.
        </p>
        <div className="hero-actions">
          <Link to={paths.courses} className="btn">
            <GraduationCap aria-hidden="true" size={20} /> Explore Courses
          </Link>
          <Link to={paths.about} className="btn btn-outline">
            About the Kingdom
          </Link>
          <Link to={FIRST_PROGRAM_LINK} className="btn btn-outline">
            <Play aria-hidden="true" size={20} /> Run Your First Program
          </Link>
        </div>
      </section>
    </div>
  );
}
