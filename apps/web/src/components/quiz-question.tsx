import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TutorialRenderer } from "./tutorial-renderer";
import "./quiz-question.css";

/** A question may carry a program in a fenced block after its prompt: the prompt names the group. */
export function splitQuestion(question: string): { prompt: string; code: string | null } {
  const at = question.indexOf("```");
  if (at < 0) return { prompt: question, code: null };
  return { prompt: question.slice(0, at).trim(), code: question.slice(at).trim() };
}

interface QuizQuestionProps {
  /** The legend: the prompt, with whatever numbering the screen gives it. */
  legend: ReactNode;
  /** The program the question shows, as a fenced Markdown block. */
  code?: string | null | undefined;
  options: readonly string[];
  /** The radio group's name, unique on the page (useId). */
  name: string;
  chosen: number | null | undefined;
  onChoose: (option: number) => void;
  disabled?: boolean | undefined;
  /** What follows the options inside the group (an error, the Next button). */
  children?: ReactNode;
}

/**
 * One multiple-choice question as every quiz shows it (the Knowledge Check, the course quiz, the
 * review deck): a fieldset whose legend is the prompt, its program, and one radio per option.
 */
export function QuizQuestion({ legend, code, options, name, chosen, onChoose, disabled, children }: QuizQuestionProps) {
  return (
    <fieldset className="quiz-question" disabled={disabled}>
      <legend>{legend}</legend>
      {code && <TutorialRenderer markdown={code} />}
      {options.map((opt, i) => (
        <label key={opt} className={`quiz-option${chosen === i ? " chosen" : ""}`}>
          <input type="radio" name={name} checked={chosen === i} onChange={() => onChoose(i)} />
          <span>{opt}</span>
        </label>
      ))}
      {children}
    </fieldset>
  );
}

/** "Read: <section>": where a lesson teaches what a question tests. */
export function ReadLink({ title, href, onClick }: { title: string; href: string; onClick?: () => void }) {
  return (
    <Link className="quiz-read" to={href} onClick={onClick}>
      <BookOpen aria-hidden="true" size={16} /> Read: {title}
    </Link>
  );
}
