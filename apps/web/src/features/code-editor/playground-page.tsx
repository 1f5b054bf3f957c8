import { useState } from "react";
import CodeEditorPanel from "../../components/code-editor/code-editor-panel";
import { EDITOR_LANGUAGES, type EditorLanguage, LANGUAGE_NAMES } from "../../components/code-editor/languages";

/** /playground: the code editor on its own page, with a language switcher. */
export default function PlaygroundPage() {
  const [language, setLanguage] = useState<EditorLanguage>("java");
  return (
    <section className="container page playground-page">
      <h1>Code Playground</h1>
      <div className="playground-languages" role="radiogroup" aria-label="Language">
        {EDITOR_LANGUAGES.map((lang) => (
          <label key={lang} className={`btn btn-small ${lang === language ? "" : "btn-outline"}`}>
            <input
              type="radio"
              name="playground-language"
              className="visually-hidden"
              value={lang}
              checked={lang === language}
              onChange={() => setLanguage(lang)}
            />
            {LANGUAGE_NAMES[lang]}
          </label>
        ))}
      </div>
      <CodeEditorPanel key={language} language={language} />
    </section>
  );
}
