import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab, toggleComment } from "@codemirror/commands";
import { bracketMatching, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { Compartment, EditorState, type Extension, Prec } from "@codemirror/state";
import {
  type Command,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { useEffect, useRef } from "react";

/**
 * Tab indents while the editor has focus (CodeMirror's `indentWithTab`); Escape then Tab leaves it,
 * and Ctrl-M toggles "Tab moves focus" mode. Screen readers hear which mode is on.
 */
const tabMovesFocus = new WeakMap<EditorView, boolean>();
const toggleTabMode: Command = (view) => {
  const focusMode = !tabMovesFocus.get(view);
  tabMovesFocus.set(view, focusMode);
  view.setTabFocusMode(focusMode);
  view.dispatch({
    effects: EditorView.announce.of(focusMode ? "Tab moves focus out of the editor." : "Tab inserts indentation."),
  });
  return true;
};

/** Colours on the editor's navy background, each at least 4.5:1 (WCAG AA). */
const royalHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.definitionKeyword], color: "#f0c445" },
  { tag: [tags.string, tags.special(tags.string)], color: "#9fe0a8" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: "#f5a97f" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "#a3acc0", fontStyle: "italic" },
  { tag: [tags.typeName, tags.className, tags.namespace], color: "#8fd3ff" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#d7b8ff" },
  { tag: [tags.operator, tags.punctuation], color: "#e6dfcc" },
  { tag: tags.invalid, color: "#ff8a9a" },
]);

/**
 * The editor's look. CodeMirror injects its styles at run time; the CSP forbids inline <style>
 * elements, so the editor lives in a shadow root, where its styles go into a constructed
 * stylesheet instead. Our CSS files do not reach inside, so sizes and fonts are set here.
 */
const royalTheme = EditorView.theme(
  {
    "&": {
      height: "300px",
      backgroundColor: "#0b1026",
      color: "#f4efe2",
      border: "1px solid #27305c",
      borderRadius: "8px",
      fontSize: "0.9rem",
    },
    "&.cm-focused": { outline: "3px solid #f0c445", outlineOffset: "2px" },
    ".cm-scroller": { fontFamily: "var(--font-code), ui-monospace, monospace", lineHeight: "1.5" },
    ".cm-content": { caretColor: "#f0c445" },
    ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#f0c445", borderLeftWidth: "2px" },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
      { backgroundColor: "#3a4680" },
    ".cm-gutters": { backgroundColor: "#0f1530", color: "#aab3c5", border: "none", borderRight: "1px solid #27305c" },
    ".cm-activeLine": { backgroundColor: "rgb(255 255 255 / 5%)" },
    ".cm-activeLineGutter": { backgroundColor: "#1b2347", color: "#f4efe2" },
    "&.cm-focused .cm-matchingBracket": { backgroundColor: "#27305c", outline: "1px solid #f0c445" },
    "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "#9b1c31" },
  },
  { dark: true },
);

/** Each language's parser loads only when that language is chosen. */
const languageSupport = new Map<string, () => Promise<Extension>>([
  ["java", () => import("@codemirror/lang-java").then((m) => m.java())],
  ["javascript", () => import("@codemirror/lang-javascript").then((m) => m.javascript())],
  ["python", () => import("@codemirror/lang-python").then((m) => m.python())],
  ["sql", () => import("@codemirror/lang-sql").then((m) => m.sql({ dialect: m.PostgreSQL }))],
  ["html", () => import("@codemirror/lang-html").then((m) => m.html())],
]);
const languageExtension = (language: string): Promise<Extension> =>
  languageSupport.get(language)?.() ?? Promise.resolve([]);

export interface CodeMirrorProps {
  language: string;
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  /** Ctrl/Cmd+Shift+Enter (a trial's Submit); without it the keys do nothing special. */
  onSubmit?: () => void;
  label: string;
  describedBy?: string;
  /** Shown, selectable and readable by a screen reader, but not editable (a project's pom.xml). */
  readOnly?: boolean;
}

/** CodeMirror 6 bound to React state: the document follows `value`, edits report through `onChange`. */
export function CodeMirror({
  language,
  value,
  onChange,
  onRun,
  onSubmit,
  label,
  describedBy,
  readOnly = false,
}: CodeMirrorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onRun, onSubmit });
  callbacks.current = { onChange, onRun, onSubmit };
  const languageSlot = useRef(new Compartment());
  const labelSlot = useRef(new Compartment());

  const latest = useRef({ value, language, label, describedBy, readOnly });
  latest.current = { value, language, label, describedBy, readOnly };
  // The texts this editor reported through onChange that have not come back as `value` yet. When
  // React renders late (a busy machine), `value` can arrive as the echo of an older edit after a
  // newer one: that echo must not overwrite what the learner has typed since.
  const reported = useRef<string[]>([]);
  const applyingValue = useRef(false);

  // The view is created once its language's parser has arrived (each loads only when chosen), so
  // the editor never shows without highlighting, indentation and comment rules.
  useEffect(() => {
    let cancelled = false;
    let created: EditorView | null = null;
    const initialLanguage = latest.current.language;
    void languageExtension(initialLanguage).then((languageSupport) => {
      if (cancelled || !host.current) return;
      const { value, language, label, describedBy, readOnly } = latest.current;
      const root = host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" });
      created = new EditorView({
        parent: root,
        root,
        state: EditorState.create({
          doc: value,
          extensions: [
            Prec.highest(
              keymap.of([
                {
                  key: "Mod-Enter",
                  run: () => {
                    callbacks.current.onRun();
                    return true;
                  },
                },
                {
                  key: "Shift-Mod-Enter",
                  run: () => {
                    if (!callbacks.current.onSubmit) return false;
                    callbacks.current.onSubmit();
                    return true;
                  },
                },
              ]),
            ),
            lineNumbers(),
            highlightActiveLineGutter(),
            highlightSpecialChars(),
            drawSelection(),
            highlightActiveLine(),
            indentOnInput(),
            bracketMatching(),
            closeBrackets(),
            history(),
            indentUnit.of("    "),
            EditorState.tabSize.of(4),
            syntaxHighlighting(royalHighlight),
            keymap.of([
              ...closeBracketsKeymap,
              { key: "Ctrl-m", mac: "Shift-Alt-m", run: toggleTabMode },
              { key: "Mod-/", run: toggleComment },
              ...defaultKeymap,
              ...historyKeymap,
              indentWithTab,
            ]),
            royalTheme,
            EditorState.readOnly.of(readOnly),
            languageSlot.current.of(language === initialLanguage ? languageSupport : []),
            labelSlot.current.of(contentAttributes(label, describedBy)),
            EditorView.updateListener.of((update) => {
              if (!update.docChanged) return;
              const text = update.state.doc.toString();
              if (!applyingValue.current) {
                reported.current.push(text);
                if (reported.current.length > 100) reported.current.shift();
              }
              callbacks.current.onChange(text);
            }),
          ],
        }),
      });
      view.current = created;
      if (language !== initialLanguage) {
        void languageExtension(language).then((extension) => {
          if (!cancelled) created?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
        });
      }
    });
    return () => {
      cancelled = true;
      created?.destroy();
      view.current = null;
    };
  }, []);

  // `value` from outside (a sample, a language switch) replaces the document; an echo of the
  // editor's own edit, even a stale one, changes nothing.
  useEffect(() => {
    const echo = reported.current.lastIndexOf(value);
    if (echo >= 0) {
      reported.current = reported.current.slice(echo + 1);
      return;
    }
    reported.current = [];
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      applyingValue.current = true;
      try {
        current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
      } finally {
        applyingValue.current = false;
      }
    }
  }, [value]);

  useEffect(() => {
    let current = true;
    void languageExtension(language).then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({ effects: labelSlot.current.reconfigure(contentAttributes(label, describedBy)) });
  }, [label, describedBy]);

  return <div className="code-mirror-host" ref={host} />;
}

function contentAttributes(label: string, describedBy?: string) {
  // An explicit tabindex lets checkers see that the scrolling editor is reachable by keyboard.
  const attrs: Record<string, string> = { "aria-label": label, "aria-multiline": "true", tabindex: "0" };
  if (describedBy) attrs["aria-describedby"] = describedBy;
  return EditorView.contentAttributes.of(attrs);
}
