import { EditorView } from "@codemirror/view";
import type { ProjectFile } from "@koc/shared";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { filesToDraft, projectFromDraft, submissionFiles } from "../lib/project-draft";
import TrialEditor from "./trial-editor";

// jsdom has no layout; CodeMirror's measuring only needs these to exist.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect();

afterEach(cleanup);

const files: ProjectFile[] = [
  { path: "pom.xml", code: "<project/>", readOnly: true },
  { path: "src/main/java/kingdom/Main.java", code: "package kingdom; class Main {}" },
  { path: "src/main/java/kingdom/Army.java", code: "package kingdom; class Army {}" },
];

const content = (panel: HTMLElement) =>
  panel.querySelector(".code-mirror-host")?.shadowRoot?.querySelector(".cm-content") as HTMLElement | null;

describe("a project trial's file tabs", () => {
  it("shows one tab per file, the first editable chosen, arrow keys move between them, each its own document", async () => {
    const onFileChange = vi.fn();
    render(
      <TrialEditor
        language="java"
        code=""
        onChange={() => undefined}
        onRun={() => undefined}
        onSubmit={() => undefined}
        label="the war roster"
        files={files}
        onFileChange={onFileChange}
      />,
    );
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["pom.xml (read-only)", "Main.java", "Army.java"]);
    expect(screen.getByRole("tablist", { name: "Files of the war roster" })).toBeTruthy();
    const main = screen.getByRole("tab", { name: "src/main/java/kingdom/Main.java" });
    expect(main.getAttribute("aria-selected")).toBe("true");
    expect(main.tabIndex).toBe(0);
    expect(tabs[0]?.tabIndex).toBe(-1);
    expect(screen.getByRole("tabpanel").id).toBe(main.getAttribute("aria-controls"));

    // Arrow right: Army.java is chosen and focused; its panel shows its own document.
    fireEvent.keyDown(main, { key: "ArrowRight" });
    const army = screen.getByRole("tab", { name: "src/main/java/kingdom/Army.java" });
    expect(army.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(army);
    const armyPanel = screen.getByRole("tabpanel");
    await waitFor(() => expect(content(armyPanel)?.textContent).toBe("package kingdom; class Army {}"));
    const view = EditorView.findFromDOM(content(armyPanel) as HTMLElement) as EditorView;
    view.dispatch({ changes: { from: view.state.doc.length, insert: " // edited" } });
    expect(onFileChange).toHaveBeenCalledWith(
      "src/main/java/kingdom/Army.java",
      "package kingdom; class Army {} // edited",
    );

    // Home reaches the read-only pom.xml: shown, but its document refuses edits.
    fireEvent.keyDown(army, { key: "Home" });
    const pom = screen.getByRole("tab", { name: "pom.xml (read-only)" });
    expect(pom.getAttribute("aria-selected")).toBe("true");
    const pomPanel = screen.getByRole("tabpanel");
    await waitFor(() => expect(content(pomPanel)?.textContent).toBe("<project/>"));
    const pomView = EditorView.findFromDOM(content(pomPanel) as HTMLElement) as EditorView;
    expect(pomView.state.readOnly).toBe(true);

    // A click chooses a tab too.
    fireEvent.click(screen.getByRole("tab", { name: "src/main/java/kingdom/Main.java" }));
    expect(screen.getByRole("tabpanel").id).toBe(main.getAttribute("aria-controls"));
  });
});

describe("a project trial's draft", () => {
  it("holds every editable file as JSON and gives them back over the starter; a draft that does not parse leaves the starter", () => {
    const edited = files.map((f) => (f.readOnly ? f : { ...f, code: `${f.code} // mine` }));
    const text = filesToDraft(edited.filter((f) => !f.readOnly));
    expect(JSON.parse(text)).toHaveLength(2);
    expect(projectFromDraft(files, text)).toEqual(edited);
    // An older single-file draft, or JSON of the wrong shape, is not a project draft.
    expect(projectFromDraft(files, "public class Main {}")).toEqual(files);
    expect(projectFromDraft(files, JSON.stringify([{ path: 1 }]))).toEqual(files);
  });

  it("sends every editable file, never the read-only pom.xml, and Main.java as the code", () => {
    const sent = submissionFiles(files);
    expect(sent.files.map((f) => f.path)).toEqual([
      "src/main/java/kingdom/Main.java",
      "src/main/java/kingdom/Army.java",
    ]);
    expect(sent.code).toBe("package kingdom; class Main {}");
  });
});
