import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { VERIFY_STATE, verifyStateName } from '@mathbridge/contracts/roles';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { QueryProvider } from '../../components/query-provider.tsx';
import { notificationsStrings } from '../../features/notifications/i18n/strings.ts';
import { useTodoCount } from '../../features/workspace/api/get-todo-count.ts';
import { withStrings } from '../../i18n/i18n.ts';
import { useSession } from '../../lib/session-store.ts';
import { UserMenu } from './user-menu.tsx';

// The bell (issues 3, 13) arrives after the avatar, with its strings; on every page, so its loader names them.
const NotificationBell = lazy(
  withStrings(() => import('../../features/notifications/components/notification-bell.tsx'), notificationsStrings),
);

/**
 * The signed-in end of the top bar (spec §2): workspace button (or a way back to the portal from
 * inside the workspace) and the avatar menu. Visitors never load it.
 */
export default function SignedInActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inWorkspace = pathname === '/manage' || pathname.startsWith('/manage/');
  return (
    <QueryProvider>
      {inWorkspace ? (
        <Button icon={<HomeOutlined aria-hidden />} onClick={() => void navigate('/start')}>
          <span className="mb-label-xs">{t('nav.portalHome')}</span>
        </Button>
      ) : (
        <WorkspaceButton />
      )}
      <Suspense fallback={null}>
        <HeaderBell />
      </Suspense>
      <UserMenu />
    </QueryProvider>
  );
}

/**
 * One bell for every signed-in user: unread notifications, and for users with a to-do list
 * (/manage/todoList) their open to-dos inside it. Features do not import each other, so the
 * to-do count (workspace) is read here and handed to the notifications bell.
 */
function HeaderBell() {
  const roles = useSession((s) => s.roles);
  const verifyState = useSession((s) => s.profile?.verify_state);
  const hasTodos = canUseSection(roles, verifyState, 'todoList');
  const todos = useTodoCount(hasTodos);
  return <NotificationBell todos={hasTodos ? (todos.data ?? 0) : undefined} />;
}

/** Workspace entry: only verified users may open it (spec §2, §4); the tooltip says why not. */
function WorkspaceButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verifyState = useSession((s) => s.profile?.verify_state);
  const enabled = verifyState === VERIFY_STATE.verified;
  if (enabled) {
    return (
      <Button type="primary" icon={<AppstoreOutlined aria-hidden />} onClick={() => void navigate('/manage')}>
        <span className="mb-label-xs">{t('nav.workspace')}</span>
      </Button>
    );
  }
  const reason = t(`nav.workspaceLocked.${verifyStateName(verifyState)}`);
  // A disabled button cannot take focus, so the wrapper carries focus and the explanation.
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']} placement="bottom">
      <span
        tabIndex={0}
        role="button"
        aria-disabled="true"
        aria-label={`${t('nav.workspace')}: ${reason}`}
        className="mb-disabled-action"
      >
        <Button type="primary" icon={<AppstoreOutlined aria-hidden />} disabled tabIndex={-1} aria-hidden>
          <span className="mb-label-xs">{t('nav.workspace')}</span>
        </Button>
      </span>
    </Tooltip>
  );
}
