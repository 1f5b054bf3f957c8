import type { LucideIcon } from "lucide-react";
import { Play } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "children">;

/** A button of a code block's bar (Copy, Run, Edit, Reset): an icon and a word, in the bar's look. */
export function BlockButton({
  icon: Icon,
  label,
  primary = false,
  ...button
}: ButtonProps & { icon: LucideIcon; label: string; primary?: boolean }) {
  return (
    <button type="button" className={primary ? "code-copy code-run" : "code-copy"} {...button}>
      <Icon aria-hidden="true" size={16} />
      <span>{label}</span>
    </button>
  );
}

/** The Run button of a runnable block (a program or a SQL example), which says while it runs. */
export function RunBlockButton({
  language,
  running,
  onClick,
}: {
  language: string;
  running: boolean;
  onClick: () => void;
}) {
  return (
    <BlockButton
      primary
      icon={Play}
      label={running ? "Running..." : "Run"}
      onClick={onClick}
      disabled={running}
      aria-label={running ? `Running ${language} example` : `Run ${language} example`}
      data-runnable=""
    />
  );
}
