import { Grid, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

interface SideMenuLayoutProps {
  title: string;
  label: string;
  items: MenuProps['items'];
  selectedKey: string | undefined;
  children?: ReactNode;
}

/** A page with a side menu (account area, workspace); the menu turns horizontal on phones. */
export function SideMenuLayout({ title, label, items, selectedKey }: SideMenuLayoutProps) {
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  return (
    <div className="mb-page-surface">
      <div className="mb-side-layout">
        <nav className="mb-side-nav" aria-label={label}>
          <div className="mb-side-nav-title">{title}</div>
          {/* On phones one row that scrolls (.mb-side-nav): antd's overflow menu keeps focusable
              copies of the items hidden from screen readers (axe aria-hidden-focus). */}
          <Menu
            mode={narrow ? 'horizontal' : 'inline'}
            disabledOverflow={narrow}
            items={items}
            selectedKeys={selectedKey ? [selectedKey] : []}
          />
        </nav>
        <section className="mb-side-content">
          <Outlet />
        </section>
      </div>
    </div>
  );
}
