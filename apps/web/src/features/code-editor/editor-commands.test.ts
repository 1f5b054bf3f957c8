import { java } from "@codemirror/lang-java";
import { indentUnit } from "@codemirror/language";
import { EditorSelection, EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it } from "vitest";
import { editHistory, editorKeymap, insertNewlineAndIndent } from "./editor-commands";

const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect();

let view: EditorView | null = null;
afterEach(() => view?.destroy());

function editor(doc: string, cursor: number) {
  view = new EditorView({
    parent: document.body,
    state: EditorState.create({
      doc,
      selection: EditorSelection.cursor(cursor),
      extensions: [java(), editHistory, indentUnit.of("    ")],
    }),
  });
  return view;
}

const command = (key: string) => {
  const binding = editorKeymap.find((b) => b.key === key);
  if (!binding?.run) throw new Error(`no ${key}`);
  return binding.run;
};

describe("editor commands", () => {
  it("Enter between braces indents the new line and moves the closing brace down", () => {
    const v = editor("class A {}", 9);
    insertNewlineAndIndent(v);
    expect(v.state.doc.toString()).toBe("class A {\n    \n}");
    expect(v.state.selection.main.head).toBe(14);
  });

  it("Tab indents and Shift-Tab dedents the selected lines", () => {
    const v = editor("a\nb", 0);
    v.dispatch({ selection: EditorSelection.range(0, 3) });
    command("Tab")(v);
    expect(v.state.doc.toString()).toBe("    a\n    b");
    const shiftTab = editorKeymap.find((b) => b.key === "Tab")?.shift;
    shiftTab?.(v);
    expect(v.state.doc.toString()).toBe("a\nb");
  });

  it("undo and redo walk the history, grouping quick typing into one step", () => {
    const v = editor("", 0);
    v.dispatch({ changes: { from: 0, insert: "a" }, selection: { anchor: 1 }, userEvent: "input.type" });
    v.dispatch({ changes: { from: 1, insert: "b" }, selection: { anchor: 2 }, userEvent: "input.type" });
    expect(v.state.doc.toString()).toBe("ab");
    command("Mod-z")(v);
    expect(v.state.doc.toString()).toBe("");
    command("Mod-y")(v);
    expect(v.state.doc.toString()).toBe("ab");
    expect(command("Mod-y")(v)).toBe(false);
  });
});
