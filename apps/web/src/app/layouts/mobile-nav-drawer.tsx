import { Drawer, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { IDENTITIES_KEY, selectedNavKeys, useNavMenuItems } from './nav-items.tsx';

/** The main navigation on narrow screens; loaded the first time it is opened. */
export default function MobileNavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useNavMenuItems();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={300}
      title={t('nav.mainMenu')}
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label={t('nav.mainMenu')}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selectedNavKeys(pathname)}
          defaultOpenKeys={[IDENTITIES_KEY]}
          onClick={onClose}
        />
      </nav>
    </Drawer>
  );
}
