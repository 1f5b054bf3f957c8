import { ChatRoom } from "./chat-room";

export const QUICK_QUESTIONS = [
  "How do I debug Java code?",
  "Explain OOP concepts",
  "What are data structures?",
  "Help with algorithms",
] as const;

export default function MentorPage() {
  return (
    <section className="container page mentor-page">
      <header className="page-hero">
        <h1>Kattappa, your Coding Mentor</h1>
        <p>The loyal old warrior has trained many recruits. Ask him about code, bugs and the path to mastery.</p>
      </header>
      <ChatRoom quickQuestions={QUICK_QUESTIONS} />
    </section>
  );
}
