import {
  BellOutlined,
  ContactsOutlined,
  ExperimentOutlined,
  FolderOutlined,
  IdcardOutlined,
  BankOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_CHILDREN, ACCOUNT_EXTRA_PAGES } from '@mathbridge/contracts/routes';
import { QueryProvider } from '../../components/query-provider.tsx';
import { SideMenuLayout } from './side-menu-layout.tsx';

type AccountChild = (typeof ACCOUNT_CHILDREN)[number];

const ICONS: Record<AccountChild, ReactNode> = {
  individual: <UserOutlined />,
  institute: <BankOutlined />,
  'individual-authentication': <IdcardOutlined />,
  'institute-authentication': <SafetyCertificateOutlined />,
  'contact-information': <ContactsOutlined />,
};

/** /account with a side menu of its five children (spec §2) and the pages every signed-in user has. */
export function AccountLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = [...ACCOUNT_CHILDREN, ...ACCOUNT_EXTRA_PAGES].find(
    (child) => pathname === `/account/${child}` || pathname.startsWith(`/account/${child}/`),
  );
  return (
    <QueryProvider>
      <SideMenuLayout
        title={t('accountArea.title')}
        label={t('accountArea.menuLabel')}
        selectedKey={selected}
        items={[
          ...ACCOUNT_CHILDREN.map((child) => ({
            key: child,
            icon: ICONS[child],
            label: <Link to={`/account/${child}`}>{t(`accountArea.menu.${child}`)}</Link>,
          })),
          // The personal file space (issue 4), beside spec §2's children.
          {
            key: 'files',
            icon: <FolderOutlined />,
            label: <Link to="/account/files">{t('accountArea.menu.files')}</Link>,
          },
          // The user's notebooks (issue 12, DESIGN §12).
          {
            key: 'notebooks',
            icon: <ExperimentOutlined />,
            label: <Link to="/account/notebooks">{t('accountArea.menu.notebooks')}</Link>,
          },
          // The user's notifications and their WeChat switches (issue 13).
          {
            key: 'notifications',
            icon: <BellOutlined />,
            label: <Link to="/account/notifications">{t('accountArea.menu.notifications')}</Link>,
          },
        ]}
      />
    </QueryProvider>
  );
}
