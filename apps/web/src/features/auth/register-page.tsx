import { registerRequest } from "@koc/shared";
import { Link, useSearchParams } from "react-router";
import { FormMessage, useZodForm } from "../../components/form";
import { TextField } from "../../components/text-field";
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
  const { register, handleSubmit, setError, watch, formState } = useZodForm(registerRequest, {
    name: "",
    email: "",
    password: "",
    referralCode: params.get("ref") ?? "",
  });
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
        <TextField
          id="register-name"
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="register-password"
          label="Password"
          hint="8 to 128 characters."
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          id="register-referral"
          label="Referral Code (optional)"
          errorLabel="Referral Code"
          autoComplete="off"
          error={errors.referralCode?.message}
          {...register("referralCode")}
        />
        {referralCode.trim() && <p className="auth-note">Your referrer will earn ₹200 when you join!</p>}
        <button type="submit" className="btn" disabled={isSubmitting}>
          {isSubmitting ? "Creating Account..." : "Create Account"}
        </button>
      </form>
      <div className="auth-links">
        <span>
          Already a warrior? <Link to={next ? withNext(paths.login, next) : paths.login}>Login here</Link>
        </span>
      </div>
    </AuthCard>
  );
}
