import { Crown } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";

/** Shown in place of a premium lesson (or quiz) the caller may not open: the message and the way up. */
export function UpgradePrompt({ message, title = "Premium lesson" }: { message: string; title?: string }) {
  return (
    <div className="upgrade-prompt" role="note">
      <p className="upgrade-prompt-title">
        <Crown aria-hidden="true" size={20} /> {title}
      </p>
      <p>{message}</p>
      <Link className="btn" to={paths.dashboard}>
        Upgrade to Premium
      </Link>
    </div>
  );
}
