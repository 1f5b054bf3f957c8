/** The link a friend opens: the register page with the code prefilled. */
export const referralLink = (origin: string, code: string) => `${origin}/register?ref=${encodeURIComponent(code)}`;

/** WhatsApp's share address with a message carrying the code and the link. */
export function whatsappShareUrl(code: string, link: string): string {
  const message = `Join me in the Kingdom of Code and learn to code like a warrior! Use my referral code ${code} when you sign up: ${link}`;
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
