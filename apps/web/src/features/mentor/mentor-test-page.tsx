import { ChatRoom } from "./chat-room";

const TEST_QUESTIONS = ["How do I debug Java code?", "Explain OOP concepts"] as const;

/** A simpler chamber to try Kattappa, with two quick questions. */
export default function MentorTestPage() {
  return (
    <section className="container page mentor-page">
      <header className="page-hero">
        <h1>Kattappa Test Chamber</h1>
        <p>A quick sparring round with the mentor: pick a question or write your own.</p>
      </header>
      <ChatRoom quickQuestions={TEST_QUESTIONS} />
    </section>
  );
}
