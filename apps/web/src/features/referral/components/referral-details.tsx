import type { ReferralStats } from "@koc/shared";
import { Coins, MessageCircle, Users } from "lucide-react";
import { StatCards } from "../../../components/stat-cards";
import { referralLink, whatsappShareUrl } from "../referral-link";
import { CopyLink } from "./copy-link";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

const steps = [
  { title: "Share your link", text: "Send your referral link or code to a friend who wants to learn to code." },
  { title: "Your friend joins", text: "They register with your code and enlist in the Kingdom of Code." },
  {
    title: "You earn credits",
    text: "You receive 80 credits when each friend passes their first Knowledge Check. No limit!",
  },
];

/** Friends who joined but have not yet passed a Knowledge Check: their credits are not earned yet. */
export function pendingLine(friends: number, credits: number): string {
  const who = friends === 1 ? "1 friend is" : `${friends} friends are`;
  const pass = friends === 1 ? "they pass their" : "each passes a";
  return `${who} still on their first quest: ${credits} more credits are yours when ${pass} first Knowledge Check.`;
}

export function ReferralDetails({ stats }: { stats: ReferralStats }) {
  const link = referralLink(window.location.origin, stats.referralCode);
  return (
    <>
      <StatCards
        className="referral-cards"
        label="Your referral rewards"
        stats={[
          { icon: <Coins aria-hidden="true" />, value: stats.totalCredits, label: "Total Credits" },
          { icon: <Users aria-hidden="true" />, value: stats.totalReferrals, label: "Successful Referrals" },
        ]}
      />
      {stats.pendingReferrals > 0 && (
        <p className="referral-pending" role="status">
          {pendingLine(stats.pendingReferrals, stats.pendingCredits)}
        </p>
      )}

      <div className="card referral-share">
        <p className="referral-code-line">
          Your referral code: <strong className="referral-code">{stats.referralCode}</strong>
        </p>
        <div className="referral-actions">
          <CopyLink link={link} />
          <a
            className="btn btn-outline"
            href={whatsappShareUrl(stats.referralCode, link)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <MessageCircle aria-hidden="true" size={18} />
            Share on WhatsApp
          </a>
        </div>
      </div>

      <div className="referral-how">
        <h3>How it works</h3>
        <ol>
          {steps.map((s) => (
            <li key={s.title}>
              <strong>{s.title}</strong>
              <span>{s.text}</span>
            </li>
          ))}
        </ol>
      </div>

      {stats.referredUsers.length > 0 && (
        <div className="referral-friends">
          <h3>Your Referrals</h3>
          <ul>
            {stats.referredUsers.map((friend) => (
              <li key={friend._id} className="card referral-friend">
                <span className="referral-friend-name">{friend.name}</span>
                <span className="referral-friend-date">Joined on {dateFormat.format(new Date(friend.createdAt))}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
