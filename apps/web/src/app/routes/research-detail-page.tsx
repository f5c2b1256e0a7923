import { QuestionsPanel } from '../../features/questions/components/questions-panel.tsx';
import { ProjectDetailScreen } from '../../features/research/routes/project-detail-page.tsx';

/**
 * A subject's or direction's detail (features/research) with a direction's research questions
 * (features/questions) as one of its tabs: the app joins the two features.
 */
export default function ResearchDetailPage() {
  return <ProjectDetailScreen questionsPanel={(project) => <QuestionsPanel project={project} />} />;
}
