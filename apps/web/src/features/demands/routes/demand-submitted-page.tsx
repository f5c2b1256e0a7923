import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { SavedResult } from '../../../components/saved-result.tsx';

const BASE = '/manage/demandManage';

/**
 * /manage/demandManage/submitted/:isCommit — 0 'saved as draft', 1 'submitted for review', with next
 * steps. Another isCommit is a 404.
 */
export default function DemandSubmittedPage() {
  const { t } = useTranslation();
  const { isCommit } = useParams();
  const [params] = useSearchParams();
  if (isCommit !== '0' && isCommit !== '1') return <Navigate to="/404" replace />;
  const id = params.get('id');
  const committed = isCommit === '1';
  const steps = committed
    ? [
        t('demands.submitted.commitSteps.one'),
        t('demands.submitted.commitSteps.two'),
        t('demands.submitted.commitSteps.three'),
      ]
    : [t('demands.submitted.draftSteps.one'), t('demands.submitted.draftSteps.two')];
  return (
    <SavedResult
      committed={committed}
      title={committed ? t('demands.submitted.commitTitle') : t('demands.submitted.draftTitle')}
      text={committed ? t('demands.submitted.commitText') : t('demands.submitted.draftText')}
      stepsTitle={t('demands.submitted.nextSteps')}
      steps={steps}
      actions={[
        id && /^\d+$/.test(id) ? (
          <Link key="detail" to={`${BASE}/detail/${id}`}>
            <Button type="primary">{t('demands.submitted.toDetail')}</Button>
          </Link>
        ) : null,
        <Link key="list" to={`${BASE}/list`}>
          <Button>{t('demands.submitted.toList')}</Button>
        </Link>,
        <Link key="new" to={`${BASE}/demandForm/new`}>
          <Button>{t('demands.submitted.createAnother')}</Button>
        </Link>,
      ]}
    />
  );
}
