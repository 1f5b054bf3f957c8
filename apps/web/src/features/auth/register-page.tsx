import { registerRequest } from "@koc/shared";
import { Link, useSearchParams } from "react-router";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../components/form";
import { FIELD_KINDS, TextField } from "../../components/text-field";
import { withNext } from "../../lib/next-path";
import { paths } from "../../lib/paths";
import { useSlot } from "../../lib/slots";
import { registerCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";
import { useFinishSignIn } from "./use-sign-in";

export default function RegisterPage() {
  const applyReferralCode = useSlot("applyReferralCode");
  const [params] = useSearchParams();
  const next = params.get("next");
  const finishSignIn = useFinishSignIn(next);
  const form = useZodForm(registerRequest, {
    name: "",
    email: "",
    password: "",
    referralCode: params.get("ref") ?? "",
  });
  const { handleSubmit, setError, watch, formState } = form;
  const { errors, isSubmitting } = formState;
  const referralCode = watch("referralCode") ?? "";

  const onSubmit = handleSubmit(async (form) => {
    const body = { ...form, referralCode: form.referralCode || undefined };
    try {
      const answer = await registerCall(body);
      // With a code entered, the client applies it; a failure is only logged (joining never fails on it).
      await finishSignIn(answer, async () => {
        if (!body.referralCode) return;
        await applyReferralCode({ referralCode: body.referralCode, newUserEmail: answer.user.email }).catch(
          (err: unknown) => console.warn("Applying the referral code failed.", err),
        );
      });
    } catch (err) {
      setError("root.server", { message: serverMessage(err, "Registration failed") });
    }
  });

  return (
    <AuthCard title="Join the Kingdom" intro="Enlist as a recruit and begin your rise to King of Code.">
      <form onSubmit={onSubmit} noValidate>
        <FormMessage tone="error" text={errors.root?.server?.message} />
        <TextField id="register-name" label="Name" autoComplete="name" required {...bind(form, "name")} />
        <TextField id="register-email" label="Email" {...FIELD_KINDS.email} {...bind(form, "email")} />
        <TextField id="register-password" label="Password" {...FIELD_KINDS.newPassword} {...bind(form, "password")} />
        <TextField
          id="register-referral"
          label="Referral Code (optional)"
          errorLabel="Referral Code"
          autoComplete="off"
          {...bind(form, "referralCode")}
        />
        {referralCode.trim() && <p className="auth-note">Your referrer will earn ₹200 when you join!</p>}
        <SubmitButton busy={isSubmitting} busyLabel="Creating Account...">
          Create Account
        </SubmitButton>
      </form>
      <div className="auth-links">
        <span>
          Already a warrior? <Link to={next ? withNext(paths.login, next) : paths.login}>Login here</Link>
        </span>
      </div>
    </AuthCard>
  );
}
