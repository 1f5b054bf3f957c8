import { EditorView } from "@codemirror/view";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CodeMirror } from "./code-mirror";

// jsdom has no layout; CodeMirror's measuring only needs these to exist.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

afterEach(cleanup);

const content = (container: HTMLElement) =>
  container.querySelector(".code-mirror-host")?.shadowRoot?.querySelector(".cm-content") as HTMLElement | null;

describe("the CodeMirror binding", () => {
  it("keeps what was typed when React renders a stale echo of an earlier edit, and takes a new value from outside", async () => {
    const onChange = vi.fn();
    const editor = (value: string) => (
      <CodeMirror language="java" value={value} onChange={onChange} onRun={() => undefined} label="Java code" />
    );
    const { container, rerender } = render(editor("class Start {}"));
    await waitFor(() => expect(content(container)?.textContent).toBe("class Start {}"));
    const view = EditorView.findFromDOM(content(container) as HTMLElement) as EditorView;

    // The learner selects all, deletes, then pastes a program: two edits reported in turn.
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: "" } });
    view.dispatch({ changes: { from: 0, insert: "class Typed {}" } });
    expect(onChange.mock.calls.map(([text]) => text)).toEqual(["", "class Typed {}"]);

    // A busy machine renders the first edit's echo after the second edit: it must change nothing.
    rerender(editor(""));
    expect(view.state.doc.toString()).toBe("class Typed {}");
    rerender(editor("class Typed {}"));
    expect(view.state.doc.toString()).toBe("class Typed {}");

    // A value from outside (a sample chosen) replaces the document, even one seen before.
    rerender(editor("class Start {}"));
    expect(view.state.doc.toString()).toBe("class Start {}");
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: "class Other {}" } });
    rerender(editor("class Other {}"));
    rerender(editor("class Start {}"));
    expect(view.state.doc.toString()).toBe("class Start {}");
  });
});
