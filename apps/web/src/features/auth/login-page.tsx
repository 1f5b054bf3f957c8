import { loginRequest } from "@koc/shared";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { bind, FormMessage, SubmitButton, useZodForm } from "../../components/form";
import { FIELD_KINDS, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { withNext } from "../../lib/next-path";
import { paths } from "../../lib/paths";
import { loginCall, serverMessage } from "./api/auth-calls";
import { AuthCard } from "./auth-card";
import { useFinishSignIn } from "./use-sign-in";

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get("next");
  const finishSignIn = useFinishSignIn(next);
  const form = useZodForm(loginRequest, { email: "", password: "" });
  const { handleSubmit, setError, setValue, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;
  // A refused password is cleared and the field takes focus once the form is enabled again.
  const retype = useRef(false);
  useEffect(() => {
    if (isSubmitting || !retype.current) return;
    retype.current = false;
    setFocus("password");
  }, [isSubmitting, setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await finishSignIn(await loginCall(body));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setValue("password", "");
        retype.current = true;
      }
      setError("root.server", { message: serverMessage(err, "Login failed") });
    }
  });

  return (
    <AuthCard title="Login" intro="Welcome back, warrior. Enter the kingdom and continue your quest.">
      <form onSubmit={onSubmit} noValidate>
        <FormMessage tone="error" text={errors.root?.server?.message} />
        <TextField id="login-email" label="Email" {...FIELD_KINDS.email} {...bind(form, "email")} />
        <TextField id="login-password" label="Password" {...FIELD_KINDS.currentPassword} {...bind(form, "password")} />
        <SubmitButton busy={isSubmitting} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link to={paths.forgotPassword}>Forgot Password?</Link>
        <span>
          New to the kingdom? <Link to={next ? withNext(paths.register, next) : paths.register}>Register here</Link>
        </span>
      </div>
    </AuthCard>
  );
}
