import { useTranslation } from 'react-i18next';
import { JoinProjectPage } from '../components/join-project-page.tsx';
import { PhasesPanel } from '../components/phases-panel.tsx';

/**
 * planOutcomeDetail of a subject or direction (…/planOutcomeDetail/:id, owners' faces): the
 * project's phases with their outcomes — plan, submit, review and the history.
 */
export default function PlanOutcomePage() {
  const { t } = useTranslation();
  return (
    <JoinProjectPage subtitle={t('research.join.phases.subtitle')}>
      {(project) => <PhasesPanel project={project} />}
    </JoinProjectPage>
  );
}
