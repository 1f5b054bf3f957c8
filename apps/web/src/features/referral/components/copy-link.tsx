import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/** The copy confirmation shows for 2000 ms. */
export const COPIED_MS = 2000;

/**
 * Copy Link with the Clipboard API. Where the browser refuses (no permission, insecure context),
 * a read-only field with the link appears, selected, so the learner can copy it by hand.
 */
export function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (manual) field.current?.select();
  }, [manual]);

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("the Clipboard API is not available");
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch (err) {
      console.warn("Copying the referral link failed; showing it to copy by hand.", err);
      setManual(true);
      field.current?.select();
    }
  }

  return (
    <>
      <button type="button" className="btn" onClick={copy}>
        {copied ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
        {copied ? "Copied!" : "Copy Link"}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? "Referral link copied" : ""}
      </span>
      {manual && (
        <div className="referral-manual">
          <label htmlFor="referral-link-field">Copy your referral link</label>
          <input
            id="referral-link-field"
            ref={field}
            className="input"
            type="text"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </>
  );
}
