import {
  Award,
  BadgeCheck,
  Bot,
  Briefcase,
  Code2,
  Compass,
  Crown,
  ExternalLink,
  Eye,
  Gem,
  Infinity as InfinityIcon,
  Smartphone,
  Swords,
  Target,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { Crest } from "../../assets/kingdom-art";
import { paths } from "../../lib/paths";
import "./about.css";

export const LINKEDIN_COMMUNITY_URL = "https://www.linkedin.com/groups/kingdom-of-code";

const pillars = [
  {
    Icon: Target,
    title: "Our Mission",
    text: "To turn curious recruits into confident programmers through clear lessons, real code and honest practice, at a price every learner can afford.",
  },
  {
    Icon: Eye,
    title: "Our Vision",
    text: "A kingdom where anyone, from any town or village, can rise to build the software the world depends on.",
  },
  {
    Icon: Compass,
    title: "Our Values",
    text: "Loyalty to the learner, courage to face hard problems, honesty in every lesson, and the humility to keep learning ourselves.",
  },
];

const benefits = [
  {
    Icon: Code2,
    title: "In-Browser Code Editor",
    text: "Write and run Java, JavaScript and Python without installing anything.",
  },
  {
    Icon: Award,
    title: "Completion Certificates",
    text: "Earn a verifiable certificate for every course you conquer.",
  },
  {
    Icon: InfinityIcon,
    title: "Lifetime Access",
    text: "Pay once and keep every lesson, update and new course forever.",
  },
  { Icon: Users, title: "1:1 Mentorship", text: "Personal guidance from experienced engineers when you need it." },
  {
    Icon: Briefcase,
    title: "Job Placement Support",
    text: "Resume reviews, mock interviews and referrals to hiring partners.",
  },
  { Icon: Bot, title: "AI Mentor Kattappa", text: "Answers to your coding questions at any hour of the day or night." },
  {
    Icon: Gem,
    title: "Resources Worth ₹50,000+",
    text: "Courses, projects and interview kits valued at over 50,000 rupees.",
  },
  {
    Icon: Smartphone,
    title: "Mobile App Coming Soon",
    text: "Learn on the march: our mobile app is being forged right now.",
  },
];

const leaders = [
  {
    initials: "RV",
    name: "Rajendra Varma",
    role: "Founder & CEO",
    bio: "A software engineer of fifteen campaigns who taught himself to code by lamplight. He founded the kingdom so no learner would have to march alone.",
  },
  {
    initials: "SK",
    name: "Shalini Krishnan",
    role: "Co-founder & CTO",
    bio: "A systems architect who has built platforms for millions of users. She leads the engineers who forge our editor, lessons and mentor.",
  },
];

export default function AboutPage() {
  return (
    <div className="about">
      <section className="page-hero" aria-labelledby="about-title">
        <div className="container">
          <Crest size={64} className="about-crest" />
          <h1 id="about-title">About the Kingdom of Code</h1>
          <p>
            We are a band of engineers and teachers on one quest: to make learning to program feel like an epic campaign
            you can actually win.
          </p>
        </div>
      </section>

      <section className="container about-section" aria-label="Mission, vision and values">
        <ul className="pillar-grid">
          {pillars.map(({ Icon, title, text }) => (
            <li key={title} className="card pillar-card">
              <Icon aria-hidden="true" size={32} className="pillar-icon" />
              <h2>{title}</h2>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container about-section" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="section-title">
          The Treasures of the Kingdom
        </h2>
        <ul className="benefit-grid">
          {benefits.map(({ Icon, title, text }) => (
            <li key={title} className="card benefit-card">
              <Icon aria-hidden="true" size={26} className="benefit-icon" />
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container about-section" aria-labelledby="offer-title">
        <div className="offer-banner">
          <p className="banner-ribbon">Limited-time offer</p>
          <h2 id="offer-title">Lifetime Premium for ₹100</h2>
          <p>
            For the next 24 hours only: every premium course for life at <strong>₹100</strong> instead of{" "}
            <s>₹9,999 per year</s>. That is a 99% saving for the bravest recruits.
          </p>
        </div>
      </section>

      <section className="container about-section" aria-labelledby="leaders-title">
        <h2 id="leaders-title" className="section-title">
          The Royal Council
        </h2>
        <ul className="leader-grid">
          {leaders.map((l) => (
            <li key={l.name} className="card leader-card">
              <span className="leader-seal" aria-hidden="true">
                {l.initials}
              </span>
              <div>
                <h3>{l.name}</h3>
                <p className="leader-role">{l.role}</p>
                <p>{l.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="container about-section about-cta" aria-labelledby="join-title">
        <Swords aria-hidden="true" size={44} className="pillar-icon" />
        <h2 id="join-title">Join the Campaign</h2>
        <div className="about-actions">
          <Link to={paths.courses} className="btn">
            <Crown aria-hidden="true" size={20} /> Start Learning Now
          </Link>
          <a href={LINKEDIN_COMMUNITY_URL} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
            <BadgeCheck aria-hidden="true" size={20} /> Join LinkedIn Community
            <ExternalLink aria-hidden="true" size={16} />
            <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </div>
      </section>
    </div>
  );
}
