import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { useAlerts } from "../../../components/alerts";
import { paths } from "../../../lib/paths";
import { useSession } from "../../../lib/session";
import { logoutEverywhereCall } from "../api/account-calls";

/** Ends every session of the account, this one too, then goes to the login page. */
export function SignOutEverywhere() {
  const { logout } = useSession();
  const { notify } = useAlerts();
  const navigate = useNavigate();
  const call = useMutation({
    mutationFn: logoutEverywhereCall,
    onSuccess: (answer) => {
      logout();
      notify(answer.message, "success");
      navigate(paths.login);
    },
    onError: (err) => notify(err.message || "Could not sign out everywhere. Please try again.", "error"),
  });
  return (
    <div className="sign-out-everywhere">
      <h3>Sessions</h3>
      <p>Signed in on a shared or lost device? End every session of this account, this one included.</p>
      <button type="button" className="btn btn-outline" onClick={() => call.mutate()} disabled={call.isPending}>
        <LogOut aria-hidden="true" size={18} /> {call.isPending ? "Signing out..." : "Sign out everywhere"}
      </button>
    </div>
  );
}
