import { type KeyboardEvent, useRef } from "react";

export interface FileTab {
  path: string;
  readOnly?: boolean | undefined;
}

interface FileTabsProps {
  files: readonly FileTab[];
  active: string;
  onSelect: (path: string) => void;
  /** The tab panels' id prefix: tab i controls `${idPrefix}-panel-${i}`. */
  idPrefix: string;
  label: string;
}

/** The file name a tab shows: the last part of its path (the full path is its title and accessible name). */
export const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/**
 * A project's files as tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move
 * between files; the row wraps on a narrow screen instead of scrolling out of sight.
 */
export function FileTabs({ files, active, onSelect, idPrefix, label }: FileTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    files.findIndex((f) => f.path === active),
  );

  const move = (event: KeyboardEvent) => {
    const last = files.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const file = files[next];
    if (!file) return;
    onSelect(file.path);
    tabs.current[next]?.focus();
  };

  return (
    <div className="file-tabs" role="tablist" aria-label={label}>
      {files.map((f, i) => (
        <button
          key={f.path}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${i}`}
          aria-controls={`${idPrefix}-panel-${i}`}
          aria-selected={i === index}
          aria-label={f.readOnly ? `${f.path} (read-only)` : f.path}
          title={f.path}
          tabIndex={i === index ? 0 : -1}
          className="file-tab"
          onClick={() => onSelect(f.path)}
          onKeyDown={move}
        >
          {fileName(f.path)}
          {f.readOnly && <span className="file-tab-note"> (read-only)</span>}
        </button>
      ))}
    </div>
  );
}
