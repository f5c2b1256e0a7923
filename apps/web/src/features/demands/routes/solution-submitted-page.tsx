import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { SavedResult } from '../../../components/saved-result.tsx';
import '../components/demands.css';

const BASE = '/manage/demandManageRI';

const idParam = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/**
 * /manage/demandManageRI/submitted/:isCommit?demand=&id= — after the institute saved its solution
 * as a draft (0) or submitted it (1): what happens next, and the ways on. Another isCommit is a 404.
 */
export default function SolutionSubmittedPage() {
  const { t } = useTranslation();
  const { isCommit } = useParams();
  const [params] = useSearchParams();
  if (isCommit !== '0' && isCommit !== '1') return <Navigate to="/404" replace />;
  const demandId = idParam(params.get('demand'));
  const solutionId = idParam(params.get('id'));
  const committed = isCommit === '1';
  const steps = committed
    ? [
        t('demands.solutionSubmitted.commitSteps.one'),
        t('demands.solutionSubmitted.commitSteps.two'),
        t('demands.solutionSubmitted.commitSteps.three'),
      ]
    : [t('demands.solutionSubmitted.draftSteps.one'), t('demands.solutionSubmitted.draftSteps.two')];
  return (
    <SavedResult
      committed={committed}
      title={committed ? t('demands.solutionSubmitted.commitTitle') : t('demands.solutionSubmitted.draftTitle')}
      text={committed ? t('demands.solutionSubmitted.commitText') : t('demands.solutionSubmitted.draftText')}
      stepsTitle={t('demands.submitted.nextSteps')}
      steps={steps}
      actions={
        <div className="mb-result-actions">
          {!committed && demandId !== null && (
            <ButtonLink type="primary" to={`${BASE}/demandForm/${demandId}`}>
              {t('demands.solutionSubmitted.continueEditing')}
            </ButtonLink>
          )}
          {committed && solutionId !== null && (
            <ButtonLink type="primary" to={`/manage/solutions?id=${solutionId}`}>
              {t('demands.solutionSubmitted.viewSolution')}
            </ButtonLink>
          )}
          {demandId !== null && (
            <ButtonLink to={`${BASE}/detail/${demandId}`}>{t('demands.submitted.toDetail')}</ButtonLink>
          )}
          <ButtonLink to={`${BASE}/list`}>{t('demands.solutionSubmitted.toMarket')}</ButtonLink>
        </div>
      }
    />
  );
}
