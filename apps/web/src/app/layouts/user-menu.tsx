import { LogoutOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VerifyBadge } from '../../components/verify-badge.tsx';
import { wechatStrings } from '../../features/wechat/i18n/strings.ts';
import { withStrings } from '../../i18n/i18n.ts';
import { displayName } from '../../lib/display-name.ts';
import { useLogout } from '../../lib/profile-queries.ts';
import { useSession } from '../../lib/session-store.ts';

// Loaded when first opened, with its strings: most visits never bind.
const BindWechatDialog = lazy(
  withStrings(() => import('../../features/wechat/components/bind-wechat-dialog.tsx'), wechatStrings),
);

/** Avatar hover menu (spec §2): account, the WeChat binding dialog, logout; with the certification badge. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useSession((s) => s.profile);
  const logout = useLogout();
  const info = profile?.info;
  const name = profile ? displayName(profile, t) : '';
  const [bindingWechat, setBindingWechat] = useState(false);
  // Controlled, so choosing an item closes the menu even while the pointer still rests where it was
  // (it otherwise stayed open above the dialog it had opened).
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <Dropdown
        trigger={['hover', 'click']}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        autoFocus
        placement="bottomRight"
        menu={{
          items: [
            { key: 'account', icon: <UserOutlined />, label: t('nav.account') },
            { key: 'wechat', icon: <WechatOutlined />, label: t('nav.bindWechat') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), disabled: logout.isPending },
          ],
          onClick: ({ key }) => {
            setMenuOpen(false);
            if (key === 'account') void navigate('/account/individual');
            if (key === 'wechat') setBindingWechat(true);
            if (key === 'logout') logout.mutate();
          },
        }}
      >
        {/* No aria-label: the accessible name is the visible name and badge, then what the button opens. */}
        <button type="button" className="mb-user-trigger" aria-haspopup="menu">
          <Avatar
            size={32}
            src={info?.avatar || undefined}
            icon={info?.avatar ? undefined : <UserOutlined aria-hidden />}
            alt=""
            aria-hidden
          />
          <span className="mb-user-name">{name}</span>
          <VerifyBadge state={profile?.verify_state} className="mb-hide-xs" />
          <span className="mb-visually-hidden">{` ${t('nav.accountMenu')}`}</span>
        </button>
      </Dropdown>
      {/* Mounted per opening: closing drops its polling, reopening starts afresh (spec §4). */}
      {bindingWechat && (
        <Suspense fallback={null}>
          <BindWechatDialog onClose={() => setBindingWechat(false)} />
        </Suspense>
      )}
    </>
  );
}
