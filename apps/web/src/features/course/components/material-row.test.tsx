import { emptyProgress, type MaterialSummary } from "@koc/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { LOCKED_REASON, MaterialRow } from "./material-row";

const lesson = (n: number, open = true): MaterialSummary => ({
  _id: `java-programming--l${n}`,
  courseId: "java-programming",
  title: `Lesson ${n}`,
  type: "lesson",
  position: n - 1,
  minutes: 20,
  questions: 5,
  open,
});

function row(props: {
  material: MaterialSummary;
  current?: boolean;
  next?: MaterialSummary;
  previous?: MaterialSummary;
}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ol>
          <MaterialRow
            material={props.material}
            viewer="visitor"
            number={props.material.position + 1}
            progress={emptyProgress()}
            expanded={false}
            current={props.current ?? false}
            previous={props.previous}
            next={props.next}
            onToggle={() => undefined}
            onComplete={() => undefined}
            onUncomplete={() => undefined}
            onTakeQuiz={() => undefined}
          />
        </ol>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a lesson's row", () => {
  afterEach(cleanup);

  it("has one header button named by number and title that says whether it is expanded", () => {
    row({ material: lesson(3) });
    const header = screen.getByRole("button", { name: "3. Lesson 3" });
    expect(header.getAttribute("aria-expanded")).toBe("false");
  });

  it("marks a lesson open to read, and keeps Locked with its reason as the description, never a padlock", () => {
    row({ material: lesson(1), current: true });
    expect(screen.getByText("Open to read")).toBeTruthy();
    expect(screen.getByText("Up next")).toBeTruthy();
    expect(screen.getByRole("listitem").getAttribute("aria-current")).toBe("step");
    const locked = screen.getByRole("button", { name: "Locked: Lesson 1" });
    expect(locked.getAttribute("aria-disabled")).toBe("true");
    const described = document.getElementById(locked.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(LOCKED_REASON);
    expect(LOCKED_REASON).toBe("Pass the Knowledge Check with 80% to complete this lesson");
    expect(document.querySelector(".lucide-lock")).toBeNull();
  });

  it("shows a premium lesson as premium, not as open", () => {
    row({ material: lesson(2, false) });
    expect(screen.queryByText("Open to read")).toBeNull();
    expect(screen.getByText("Premium")).toBeTruthy();
  });
});
