import type { ReactNode } from 'react';
import { PageHero } from '../../../components/page-hero.tsx';

const CLASSES = {
  section: 'mb-hero mb-portal-hero',
  inner: 'mb-container mb-portal-hero-inner',
  eyebrow: 'mb-eyebrow',
  lead: 'mb-hero-lead',
};

/** The dark band that opens every portal page below /start: eyebrow, the page's h1 and a lead. */
export function PortalHero(props: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return <PageHero {...props} titleId="mb-portal-title" classes={CLASSES} />;
}
