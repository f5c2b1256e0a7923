import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TodoItem } from '@mathbridge/contracts/workflow';
import { useSession } from '../../lib/session-store.ts';
import { CertificationDetails } from '../../features/identity/components/certification-details.tsx';
import { MemberClaimsTable } from '../../features/workspace/components/member-claims-table.tsx';
import { ReviewDrawer } from '../../features/workspace/components/review-drawer.tsx';
import { ReviewTable } from '../../features/workspace/components/review-table.tsx';
import { TodoItems } from '../../features/workspace/components/todo-items.tsx';
import '../../features/workspace/components/workspace.css';

type TabKey = 'mine' | 'reviews' | 'members';

/**
 * /manage/todoList: what the viewer must act on (workflow/todoList); admins review certification
 * requests, organisation owners the people who claim to belong to them. A to-do opens its `path`,
 * made by the server (DESIGN §19); a certification review's is this page with `review=<id>`, which
 * opens the review drawer.
 */
export default function TodoListPage() {
  const { t } = useTranslation();
  const roles = useSession((s) => s.roles);
  const ownsOrg = useSession((s) => !!s.profile?.owned_org);
  const admin = roles.includes('Admin');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const review = Number(params.get('review'));
  const openId = Number.isInteger(review) && review > 0 ? review : null;
  // The drawer is part of the address (a to-do or a shared link opens it); the tab's filters stay.
  const setOpenId = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('review');
        else next.set('review', String(id));
        return next;
      },
      { replace: true },
    );

  const tabs: TabKey[] = [
    'mine',
    ...(admin ? (['reviews'] as const) : []),
    ...(admin || ownsOrg ? (['members'] as const) : []),
  ];
  const requested = params.get('tab') as TabKey | null;
  const active: TabKey = requested && tabs.includes(requested) ? requested : admin ? 'reviews' : 'mine';
  // Each tab's list keeps its status, page and filters in the URL; another tab starts afresh.
  const show = (tab: TabKey) => setParams({ tab }, { replace: true });

  const handle = (item: TodoItem) => void navigate(item.path);

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
