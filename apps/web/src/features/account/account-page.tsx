import { useQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import { Link } from "react-router";
import { DownloadMyData } from "../../components/download-my-data";
import { QueryState } from "../../components/query-state";
import { withNext } from "../../lib/next-path";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/session";
import { useSlot } from "../../lib/slots";
import { accountQuery } from "./api/account-calls";
import { ChangePasswordForm } from "./components/change-password-form";
import { DeleteAccount } from "./components/delete-account";
import { LowDataSetting } from "./components/low-data-setting";
import { SignOutEverywhere } from "./components/sign-out-everywhere";
import "./account.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

export default function AccountPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="container page account-page">
        <h1>Your Account</h1>
        <p>Please login to see your account.</p>
        <Link to={withNext(paths.login, paths.account)} className="btn">
          Login
        </Link>
      </section>
    );
  }
  return <Account email={user.email} />;
}

function Account({ email }: { email: string }) {
  const MyCertificates = useSlot("MyCertificates");
  const InvoiceList = useSlot("InvoiceList");
  const account = useQuery(accountQuery(email));
  return (
    <div className="container page account-page">
      <h1>Your Account</h1>
      <section className="card account-section" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <QueryState query={account} loading="Loading your account..." error="Your account could not be loaded.">
          {(me) => (
            <dl className="account-facts">
              <div>
                <dt>Name</dt>
                <dd>{me.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{me.email}</dd>
              </div>
              <div>
                <dt>Member since</dt>
                <dd>{me.memberSince ? dateFormat.format(new Date(me.memberSince)) : "-"}</dd>
              </div>
              <div>
                <dt>Premium</dt>
                <dd>
                  {me.isPremium ? (
                    <>
                      <Crown aria-hidden="true" size={16} /> Lifetime Premium
                    </>
                  ) : (
                    <>
                      Free · <Link to={paths.dashboard}>Upgrade to Premium</Link>
                    </>
                  )}
                </dd>
              </div>
            </dl>
          )}
        </QueryState>
      </section>
      <LowDataSetting />
      <InvoiceList />
      <MyCertificates email={email} />
      <section className="card account-section" aria-labelledby="your-data-title">
        <h2 id="your-data-title">Your Data</h2>
        <p>
          Everything the kingdom keeps about you (progress, attempts with your code, certificates, payments) as one JSON
          file. <Link to={paths.privacy}>What we keep and why</Link>.
        </p>
        <DownloadMyData />
        <DeleteAccount />
      </section>
      <section className="card account-section" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <ChangePasswordForm />
        <SignOutEverywhere />
      </section>
    </div>
  );
}
