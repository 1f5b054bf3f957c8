import type { ReactNode } from "react";
import "./auth.css";

/** The parchment-framed card every account screen sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="container page auth-page" aria-labelledby="auth-title">
      <div className="card auth-card">
        <h1 id="auth-title">{title}</h1>
        {intro && <p className="auth-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
