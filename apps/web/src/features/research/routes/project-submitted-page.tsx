import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { projectPath, useResearchFace } from '../faces.ts';
import { SavedResult } from '../../../components/saved-result.tsx';

/** `…/submitted/:isCommit?id=` — 0 'saved as draft', 1 'published', with next steps and links. */
export default function ProjectSubmittedPage() {
  const face = useResearchFace();
  const { t } = useTranslation();
  const { isCommit } = useParams();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const committed = isCommit === '1';
  const state = committed ? 'commit' : 'draft';
  const detail = id ? projectPath(face, 'detail', id, true) : null;
  const steps = committed
    ? [t('research.manage.submitted.commitSteps.one'), t('research.manage.submitted.commitSteps.two')]
    : [t('research.manage.submitted.draftSteps.one'), t('research.manage.submitted.draftSteps.two')];
  return (
    <SavedResult
      committed={committed}
      title={t(`research.manage.submitted.${state}Title.${face.kind}`)}
      text={t(`research.manage.submitted.${state}Text`)}
      stepsTitle={t('research.manage.submitted.nextSteps')}
      steps={steps}
      actions={[
        detail ? (
          <Link key="detail" to={detail}>
            <Button type="primary">{t('research.manage.submitted.toDetail')}</Button>
          </Link>
        ) : null,
        <Link key="list" to={`${face.base}/list`}>
          <Button>{t('research.manage.toList')}</Button>
        </Link>,
        face.form ? (
          <Link key="new" to={`${face.base}/${face.form}/new`}>
            <Button>{t(`research.manage.createAnother.${face.kind}`)}</Button>
          </Link>
        ) : null,
      ]}
    />
  );
}
