import { Grid, Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
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
  const nav = useRef<HTMLElement>(null);
  // The row scrolls sideways on phones: bring the current page's item into view, once the menu
  // has been laid out in its horizontal form.
  useEffect(() => {
    if (!narrow) return undefined;
    const frame = requestAnimationFrame(() => {
      const row = nav.current;
      const item = row?.querySelector<HTMLElement>('.ant-menu-item-selected');
      if (!row || !item) return;
      const offset = item.getBoundingClientRect().left - row.getBoundingClientRect().left;
      row.scrollLeft += offset - (row.clientWidth - item.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [narrow, selectedKey, items?.length]);
  return (
    <div className="mb-page-surface">
      <div className="mb-side-layout">
        <nav ref={nav} className="mb-side-nav" aria-label={label}>
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
