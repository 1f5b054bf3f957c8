import { useLayoutEffect, useRef } from "react";
import "./progress-bar.css";

/** A labelled 0-100 bar; the width is set through the DOM (prerendered HTML may carry no style attribute). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    fill.current?.style.setProperty("width", `${percent}%`);
  }, [percent]);
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <div ref={fill} className="progress-bar-fill" />
    </div>
  );
}
