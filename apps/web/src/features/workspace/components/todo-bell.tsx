import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { useSession } from '../../../lib/session-store.ts';
import { useTodoCount } from '../api/get-todo-count.ts';
import '../i18n/strings.ts';

/**
 * The header's to-do count (workflow/todoCount) for users who can open /manage/todoList; a click
 * opens the list. Loaded on its own after the avatar menu (see signed-in-actions.tsx).
 */
export default function TodoBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useSession((s) => s.roles);
  const verifyState = useSession((s) => s.profile?.verify_state);
  const allowed = canUseSection(roles, verifyState, 'todoList');
  const count = useTodoCount(allowed);
  if (!allowed) return null;
  const open = count.data ?? 0;
  const label = t('workspace.bell', { count: open });
  return (
    <Tooltip title={label} placement="bottom">
      <Badge count={open} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={label}
          onClick={() => void navigate('/manage/todoList')}
          className="mb-todo-bell"
        />
      </Badge>
    </Tooltip>
  );
}
