import type { ReactNode } from 'react';

/** The class names of a page hero: the section, its inner container, the eyebrow and the lead. */
export interface HeroClasses {
  section: string;
  inner: string;
  eyebrow: string;
  lead: string;
}

/** The dark band that opens a public page: eyebrow, the page's h1 (`titleId`), a lead and actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  titleId,
  classes,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  titleId: string;
  classes: HeroClasses;
  children?: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={titleId}>
      <div className={classes.inner}>
        <span className={classes.eyebrow}>{eyebrow}</span>
        <h1 id={titleId}>{title}</h1>
        <p className={classes.lead}>{lead}</p>
        {children}
      </div>
    </section>
  );
}
