import type { ReactNode } from 'react';

/** The dark band that opens every portal page below /start: eyebrow, the page's h1 and a lead. */
export function PortalHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="mb-hero mb-portal-hero" aria-labelledby="mb-portal-title">
      <div className="mb-container mb-portal-hero-inner">
        <span className="mb-eyebrow">{eyebrow}</span>
        <h1 id="mb-portal-title">{title}</h1>
        <p className="mb-hero-lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
