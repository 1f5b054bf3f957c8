import { REFERRAL_CREDITS } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { QueryState } from "../../components/query-state";
import { referralStatsQuery } from "./api/get-referral-stats";
import { ReferralDetails } from "./components/referral-details";
import "./referral.css";

/** The dashboard's referral section. A failing stats call never breaks the dashboard. */
export function ReferralSection({ email }: { email: string }) {
  const stats = useQuery({ ...referralStatsQuery(email), enabled: email.length > 0 });

  useEffect(() => {
    if (stats.error) console.warn("Referral stats could not be loaded.", stats.error);
  }, [stats.error]);

  return (
    <section aria-labelledby="referral-title" className="referral-section">
      <h2 id="referral-title">Referral Program</h2>
      <p className="referral-lead">Earn {REFERRAL_CREDITS} credits for each successful referral!</p>
      <QueryState
        query={stats}
        loading="Loading referral data..."
        error="Your referral rewards are behind the castle gates for a moment."
      >
        {(data) => <ReferralDetails stats={data} />}
      </QueryState>
    </section>
  );
}
