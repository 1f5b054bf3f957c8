import { Crown } from "lucide-react";
import { useEffect, useState } from "react";

/** Eight light jokes in the kingdom's voice, rotating every 2 s. */
export const LOADING_MESSAGES = [
  "Sharpening the swords of syntax...",
  "Polishing the crown jewels of your progress...",
  "Summoning the royal compilers...",
  "Teaching the dragons to use semicolons...",
  "Raising the fortress walls of knowledge...",
  "Kattappa is searching the archives for your scrolls...",
  "Feeding the palace bugs to the castle cat...",
  "Unrolling the ancient scrolls of code...",
] as const;
export const LOADING_INTERVAL_MS = 2000;

export function LoadingScreen({ label = "Loading" }: { label?: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % LOADING_MESSAGES.length), LOADING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="loading-screen" role="status" aria-label={label}>
      <Crown className="loading-crown" aria-hidden="true" size={48} />
      <p aria-live="polite">{LOADING_MESSAGES[index]}</p>
    </div>
  );
}
