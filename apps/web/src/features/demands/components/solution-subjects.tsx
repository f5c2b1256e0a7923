import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ItemList, ItemListRow } from '../../../components/item-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSubjectFromSolution, useSubjectsOfSolution } from '../api/subjects.ts';

/**
 * The research side of an accepted solution (DESIGN §9 demand → solution → subject): the subjects
 * started from it, and for its institute a "start a subject" that drafts one pre-filled from the
 * solution and opens the form to complete and publish it. The demand's enterprise (and admins) read
 * the list; only the institute opens the subjects.
 */
export function SolutionSubjects({ solutionId, institute }: { solutionId: number; institute: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subjects = useSubjectsOfSolution(solutionId);
  const start = useSubjectFromSolution();

  const startSubject = () =>
    notify.confirm({
      title: t('demands.detail.cooperationCard.subjects.start'),
      content: t('demands.detail.cooperationCard.subjects.startConfirm'),
      okText: t('demands.detail.cooperationCard.subjects.start'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const draft = await start.mutateAsync(solutionId);
        notify.success(t('demands.detail.cooperationCard.subjects.started'));
        navigate(`/manage/subjectManage/subjectForm/${draft.id}`);
      },
    });

  return (
    <section className="mb-solution-subjects" data-testid="solution-subjects">
      <div className="mb-solution-subjects-head">
        <h2 className="mb-section-title">{t('demands.detail.cooperationCard.subjects.title')}</h2>
        {institute && (
          <Button
            type="primary"
            icon={<ExperimentOutlined />}
            loading={start.isPending}
            onClick={startSubject}
            data-testid="start-subject"
          >
            {t('demands.detail.cooperationCard.subjects.start')}
          </Button>
        )}
      </div>
      {subjects.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : subjects.isError ? (
        <LoadError onRetry={() => void subjects.refetch()} />
      ) : (
        <ItemList
          size="small"
          items={subjects.data ?? []}
          itemKey={(subject) => subject.id}
          empty={t('demands.detail.cooperationCard.subjects.none')}
          renderItem={(subject) => (
            <ItemListRow extra={<Tag>{t(`projectStates.${subject.status}`)}</Tag>}>
              {institute ? (
                <Link to={`/manage/subjectManage/detail/${subject.id}`}>{subject.title}</Link>
              ) : (
                subject.title
              )}
            </ItemListRow>
          )}
        />
      )}
    </section>
  );
}
