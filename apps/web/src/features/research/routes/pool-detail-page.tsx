import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { businessToday } from '@mathbridge/contracts/demands';
import type { ProjectDetail } from '@mathbridge/contracts/research';
import { ButtonLink } from '../../../components/button-link.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useProject, useRespond } from '../api/research.ts';
import { RESEARCH_FACES, projectPath, useProjectId, useResearchFace } from '../faces.ts';
import { JoinAcceptModal, JoinApplyModal } from '../components/join-apply-modal.tsx';
import { projectFactItems } from '../components/project-facts.tsx';
import { MemberStatusTag, ProjectStatusTag } from '../components/status-tags.tsx';
import '../components/join.css';

/** Why the viewer may not apply now, or null when they may. */
function closedReason(project: ProjectDetail): 'notRecruiting' | 'full' | 'deadlinePassed' | null {
  if (project.status !== 'published') return 'notRecruiting';
  if (project.member_count >= project.headcount) return 'full';
  if (project.apply_deadline && project.apply_deadline < businessToday()) return 'deadlinePassed';
  return null;
}

/** Where a member works on the project: the face of their own section (joined subjects, directions). */
function useMemberPath(project: ProjectDetail): string | null {
  const student = useSession((s) => s.roles.includes('Student'));
  if (project.kind === 'subject') return projectPath(RESEARCH_FACES.subjectManageS, 'detail', project.id);
  return projectPath(RESEARCH_FACES[student ? 'directionManageStu' : 'directionManage'], 'detail', project.id);
}

/** The viewer's membership and the step it allows: apply, wait, accept or decline, or open the project. */
function JoinBar({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const respond = useRespond(project.kind);
  const [applying, setApplying] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const memberPath = useMemberPath(project);
  const mine = project.my_membership;
  const status = mine?.status;

  if (project.is_owner)
    return (
      <div
        className="mb-join-bar"
        data-testid="join-state"
        data-state={project.is_owner ? 'owner' : (status ?? 'none')}
      >
        <span>{t('research.join.detail.own')}</span>
      </div>
    );

  if (status === 'member')
    return (
      <div
        className="mb-join-bar"
        data-testid="join-state"
        data-state={project.is_owner ? 'owner' : (status ?? 'none')}
      >
        <MemberStatusTag status="member" />
        <span>{t('research.join.detail.member')}</span>
        {memberPath && (
          <ButtonLink type="primary" to={memberPath}>
            {t('research.join.detail.open')}
          </ButtonLink>
        )}
      </div>
    );

  if (status === 'applied')
    return (
      <div
        className="mb-join-bar"
        data-testid="join-state"
        data-state={project.is_owner ? 'owner' : (status ?? 'none')}
      >
        <MemberStatusTag status="applied" />
        <span>{t('research.join.detail.waiting')}</span>
      </div>
    );

  if (status === 'invited') {
    const accept = () =>
      respond
        .mutateAsync({ id: project.id, response: 'acceptInvite', acceptNda: project.confidential === 1 })
        .then(() => notify.success(t('research.join.invite.accepted')));
    return (
      <div
        className="mb-join-bar"
        data-testid="join-state"
        data-state={project.is_owner ? 'owner' : (status ?? 'none')}
      >
        <MemberStatusTag status="invited" />
        <span>{t('research.join.invite.invited')}</span>
        <Space wrap>
          <Button
            type="primary"
            data-testid="invite-accept"
            loading={respond.isPending && !accepting}
            onClick={() => (project.confidential === 1 ? setAccepting(true) : void accept().catch(() => undefined))}
          >
            {t('research.join.invite.accept')}
          </Button>
          <Button
            danger
            data-testid="invite-decline"
            onClick={() =>
              notify.confirm({
                title: t('research.join.invite.declineTitle'),
                content: t('research.join.invite.declineContent', { title: project.title }),
                okText: t('research.join.invite.decline'),
                okButtonProps: { danger: true },
                cancelText: t('common.cancel'),
                onOk: () =>
                  respond
                    .mutateAsync({ id: project.id, response: 'declineInvite' })
                    .then(() => notify.success(t('research.join.invite.declined'))),
              })
            }
          >
            {t('research.join.invite.decline')}
          </Button>
        </Space>
        {accepting && (
          <JoinAcceptModal
            project={project}
            pending={respond.isPending}
            onAccept={accept}
            onClose={() => setAccepting(false)}
          />
        )}
      </div>
    );
  }

  const reason = closedReason(project);
  return (
    <>
      {status === 'refused' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('research.join.detail.refused')}
          description={mine?.reason ? t('research.join.detail.reason', { reason: mine.reason }) : undefined}
          data-testid="refused-notice"
        />
      )}
      {(status === 'declined' || status === 'left' || status === 'removed') && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(`research.join.detail.was.${status}`)} />
      )}
      <div
        className="mb-join-bar"
        data-testid="join-state"
        data-state={project.is_owner ? 'owner' : (status ?? 'none')}
      >
        <Button type="primary" disabled={reason !== null} onClick={() => setApplying(true)} data-testid="join-apply">
          {status ? t('research.join.apply.again') : t('research.join.apply.button')}
        </Button>
        {reason && <span className="mb-muted">{t(`research.join.detail.closed.${reason}`)}</span>}
      </div>
      {applying && <JoinApplyModal project={project} onClose={() => setApplying(false)} />}
    </>
  );
}

/**
 * subjectsPool/detail/:id and directionsPool/detail/:id: a project open to joining — its facts,
 * summary and description (for a confidential one, only after the NDA is accepted), and the
 * viewer's step: apply, wait for approval, answer an invitation, or open it as a member.
 */
export default function PoolDetailPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const face = useResearchFace();
  const id = useProjectId();
  const query = useProject(face.kind, id);
  const list = `${face.base}/list`;

  let body;
  if (id !== undefined && query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!query.data)
    body = (
      <Result
        status="404"
        title={t('research.join.detail.notFound')}
        extra={
          <Space wrap>
            {query.isError && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
            <ButtonLink to={list}>{t(`research.join.pool.title.${face.kind}`)}</ButtonLink>
          </Space>
        }
      />
    );
  else {
    const project = query.data;
    body = (
      <>
        <Link className="mb-join-back" to={list}>
          {t('research.join.detail.back')}
        </Link>
        <header className="mb-page-header">
          <h1 className="mb-join-title">
            {project.title} <ProjectStatusTag status={project.status} />
            {project.confidential === 1 && <Tag color="gold">{t('research.fields.confidential')}</Tag>}
          </h1>
          {project.published_at && (
            <span className="mb-muted">
              {t('research.join.detail.publishedAt', { date: formatDateTime(project.published_at, locale) })}
            </span>
          )}
        </header>
        <Card variant="borderless">
          <JoinBar project={project} />
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} items={projectFactItems(project, t, locale)} />
          <h2 className="mb-join-section-title">{t('research.fields.summary')}</h2>
          <p style={{ overflowWrap: 'anywhere' }}>{project.summary}</p>
          <h2 className="mb-join-section-title">{t('research.fields.description')}</h2>
          {project.description === null ? (
            <Alert type="info" showIcon title={t('research.confidentialHidden')} data-testid="confidential-notice" />
          ) : (
            <MarkdownView source={project.description} />
          )}
        </Card>
      </>
    );
  }
  return body;
}
