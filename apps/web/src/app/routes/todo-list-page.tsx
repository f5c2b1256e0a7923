import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RoleName } from '@mathbridge/contracts/roles';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { useSession } from '../../lib/session-store.ts';
import { contentTodoPath } from '../../features/content/api/open-todo.ts';
import { cooperationTodoPath } from '../../features/demands/api/open-todo.ts';
import { jobTodoPath } from '../../features/jobs/api/open-todo.ts';
import { notebookTodoPath } from '../../features/notebooks/api/open-todo.ts';
import { questionTodoPath } from '../../features/questions/api/open-todo.ts';
import { researchMemberTodoPath } from '../../features/research/api/open-todo.ts';
import { phaseTodoPath } from '../../features/research/api/phase-todo.ts';
import { CertificationDetails } from '../../features/identity/components/certification-details.tsx';
import { MemberClaimsTable } from '../../features/workspace/components/member-claims-table.tsx';
import { ReviewDrawer } from '../../features/workspace/components/review-drawer.tsx';
import { ReviewTable } from '../../features/workspace/components/review-table.tsx';
import { TodoItems } from '../../features/workspace/components/todo-items.tsx';
import '../../features/identity/i18n/strings.ts';
import '../../features/workspace/i18n/strings.ts';
import '../../features/workspace/components/workspace.css';

type TabKey = 'mine' | 'reviews' | 'members';

/**
 * Where a to-do that opens a page leads: each resolver answers null for items not its own, and the
 * first path found is opened. A feature adds one line here.
 */
const TODO_PATHS: readonly ((item: TodoItem, roles: readonly RoleName[]) => Promise<string | null>)[] = [
  // A new consultation opens the content manager's inbox (issue 11); a notebook contribution, the contributions (issue 12).
  contentTodoPath,
  // A rejected notebook contribution opens the notebook with its reason (issue 12).
  notebookTodoPath,
  // Job applications open the applicants or the applicant's list (issue 11).
  jobTodoPath,
  // Research memberships: the owner's project detail, the invitee's pool detail (issue 10).
  researchMemberTodoPath,
  // Research outcomes to review or revise open the project's phases (issue 10).
  phaseTodoPath,
  // Research questions: the student's questions, or the direction's questions tab (issue 10).
  questionTodoPath,
  // Demands, solutions, cooperations and wishes open their own pages (issue 5).
  (item, roles) => cooperationTodoPath(item, roles.includes('Enterprise')),
];

async function todoPath(item: TodoItem, roles: readonly RoleName[]): Promise<string | null> {
  for (const resolve of TODO_PATHS) {
    const path = await resolve(item, roles);
    if (path) return path;
  }
  return null;
}

/**
 * /manage/todoList: what the viewer must act on (workflow/todoList); admins review certification
 * requests, organisation owners the people who claim to belong to them.
 */
export default function TodoListPage() {
  const { t } = useTranslation();
  const roles = useSession((s) => s.roles);
  const ownsOrg = useSession((s) => !!s.profile?.owned_org);
  const admin = roles.includes('Admin');
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  const navigate = useNavigate();

  const tabs: TabKey[] = [
    'mine',
    ...(admin ? (['reviews'] as const) : []),
    ...(admin || ownsOrg ? (['members'] as const) : []),
  ];
  const requested = params.get('tab') as TabKey | null;
  const active: TabKey = requested && tabs.includes(requested) ? requested : admin ? 'reviews' : 'mine';
  // Each tab's list keeps its status, page and filters in the URL; another tab starts afresh.
  const show = (tab: TabKey) => setParams({ tab }, { replace: true });

  const handle = (item: TodoItem) => {
    if (item.target_type === 'certification') setOpenId(item.target_id);
    else if (item.target_type === 'member_claim') show('members');
    else
      void todoPath(item, roles).then(
        (path) => path && navigate(path),
        () => undefined,
      );
  };

  return (
    <>
      <header className="mb-page-header">
        <h1>{t('manage.sections.todoList')}</h1>
        <span className="mb-muted">{t('workspace.todo.subtitle')}</span>
      </header>
      <Card variant="borderless">
        <Tabs
          activeKey={active}
          onChange={(key) => show(key as TabKey)}
          destroyOnHidden
          items={tabs.map((tab) => ({
            key: tab,
            label: t(`workspace.todo.tabs.${tab}`),
            children:
              tab === 'mine' ? (
                <TodoItems onHandle={handle} />
              ) : tab === 'reviews' ? (
                <ReviewTable onOpen={setOpenId} />
              ) : (
                <MemberClaimsTable showOrganisation={admin} />
              ),
          }))}
        />
      </Card>
      <ReviewDrawer
        id={openId}
        onClose={() => setOpenId(null)}
        details={(certification) => <CertificationDetails certification={certification} />}
      />
    </>
  );
}
