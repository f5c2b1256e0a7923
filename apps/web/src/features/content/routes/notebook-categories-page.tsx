import { ContentLayout } from '../components/content-layout.tsx';

/** Placeholder until the page lands (issue 12). */
export default function Page() {
  return <ContentLayout section="contributions">…</ContentLayout>;
}
