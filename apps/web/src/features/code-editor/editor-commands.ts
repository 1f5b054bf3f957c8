import { getIndentation, IndentContext, indentString, indentUnit } from "@codemirror/language";
import {
  Annotation,
  type ChangeSet,
  countColumn,
  EditorSelection,
  type EditorState,
  StateField,
  type Transaction,
} from "@codemirror/state";
import type { Command, KeyBinding } from "@codemirror/view";

/**
 * The few editing commands the editor needs (newline with indentation, Tab indent, undo/redo).
 * The installed `codemirror` package is the legacy v5 line and @codemirror/commands is not
 * installed, so these small versions stand in for it.
 */

const historyEvent = Annotation.define<"undo" | "redo">();
interface Entry {
  changes: ChangeSet;
  selection: EditorSelection;
  time: number;
}
interface HistoryState {
  done: Entry[];
  undone: Entry[];
}
const GROUP_MS = 500;
const MAX_ENTRIES = 200;

export const editHistory = StateField.define<HistoryState>({
  create: () => ({ done: [], undone: [] }),
  update(value, tr: Transaction) {
    if (!tr.docChanged) return value;
    const inverse = tr.changes.invert(tr.startState.doc);
    const entry = { changes: inverse, selection: tr.startState.selection, time: Date.now() };
    const event = tr.annotation(historyEvent);
    // An undo consumes the last done entry and makes its inverse redoable (and the reverse for redo).
    if (event === "undo") return { done: value.done.slice(0, -1), undone: [...value.undone, entry] };
    if (event === "redo") return { done: [...value.done, entry], undone: value.undone.slice(0, -1) };
    const last = value.done[value.done.length - 1];
    if (last && entry.time - last.time < GROUP_MS && tr.isUserEvent("input.type")) {
      // Typing within a short pause undoes as one step.
      const merged = { changes: inverse.compose(last.changes), selection: last.selection, time: entry.time };
      return { done: [...value.done.slice(0, -1), merged], undone: [] };
    }
    return { done: [...value.done, entry].slice(-MAX_ENTRIES), undone: [] };
  },
});

function travel(kind: "undo" | "redo"): Command {
  return (view) => {
    const state = view.state.field(editHistory);
    const stack = kind === "undo" ? state.done : state.undone;
    const entry = stack[stack.length - 1];
    if (!entry) return false;
    view.dispatch({
      changes: entry.changes,
      selection: entry.selection,
      annotations: historyEvent.of(kind),
      scrollIntoView: true,
      userEvent: kind,
    });
    return true;
  };
}

function lineIndent(state: EditorState, pos: number): number {
  const line = state.doc.lineAt(pos);
  return countColumn(/^\s*/.exec(line.text)?.[0] ?? "", state.tabSize);
}

/** Enter: a new line indented like the language says; between brackets, the closing one moves down. */
export const insertNewlineAndIndent: Command = (view) => {
  const { state } = view;
  const tr = state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - 1, range.from);
    const after = state.sliceDoc(range.to, range.to + 1);
    const between = before !== "" && after !== "" && "([{".includes(before) && ")]}".includes(after);
    const cx = new IndentContext(state, { simulateBreak: range.from, simulateDoubleBreak: between });
    const indent = getIndentation(cx, range.from) ?? lineIndent(state, range.from);
    let insert = `\n${indentString(state, indent)}`;
    const cursor = range.from + insert.length;
    if (between) insert += `\n${indentString(state, lineIndent(state, range.from))}`;
    return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(cursor) };
  });
  view.dispatch(state.update(tr, { scrollIntoView: true, userEvent: "input" }));
  return true;
};

function changeIndent(view: Parameters<Command>[0], more: boolean): boolean {
  const { state } = view;
  const unit = state.facet(indentUnit);
  const changes: { from: number; to?: number; insert?: string }[] = [];
  const seen = new Set<number>();
  for (const range of state.selection.ranges) {
    if (more && range.empty) {
      changes.push({ from: range.from, insert: unit });
      continue;
    }
    for (let pos = range.from; pos <= range.to; ) {
      const line = state.doc.lineAt(pos);
      if (!seen.has(line.number)) {
        seen.add(line.number);
        if (more) changes.push({ from: line.from, insert: unit });
        else {
          const remove = /^ {1,4}|^\t/.exec(line.text)?.[0].length ?? 0;
          if (remove) changes.push({ from: line.from, to: line.from + remove });
        }
      }
      pos = line.to + 1;
    }
  }
  if (changes.length === 0) return true;
  view.dispatch({ changes, userEvent: more ? "input.indent" : "delete.dedent" });
  return true;
}

export const editorKeymap: KeyBinding[] = [
  { key: "Enter", run: insertNewlineAndIndent },
  { key: "Tab", run: (view) => changeIndent(view, true), shift: (view) => changeIndent(view, false) },
  { key: "Mod-z", run: travel("undo"), preventDefault: true },
  { key: "Mod-y", run: travel("redo"), preventDefault: true },
  { key: "Mod-Shift-z", run: travel("redo"), preventDefault: true },
];
