/**
 * Two accessibility rules for markup that Ant Design renders itself, where no prop reaches:
 *
 * - Icons are decoration. @ant-design/icons labels every icon with its English name
 *   (role="img" aria-label="search"), which a screen reader reads out in the Chinese interfaces
 *   too, beside the control's own (translated) name. Icons are hidden from assistive technology;
 *   a control that shows only an icon carries its own translated aria-label (antd's own controls
 *   take theirs from the ConfigProvider locale). The e2e axe walk finds any control left nameless.
 * - A table or other region that scrolls sideways on a phone must be reachable by keyboard
 *   (WCAG 2.1.1, axe scrollable-region-focusable): such a region with nothing focusable inside
 *   joins the tab order while it overflows.
 */

import { i18n } from '../i18n/i18n.ts';

const ICONS = '.anticon[role="img"]:not([aria-hidden])';
/** Icons antd puts alone in its own buttons (Input.Search, Pagination, …), and their names. */
const ICON_CONTROLS = ['search', 'left', 'right', 'close', 'ellipsis'] as const;
type IconControl = (typeof ICON_CONTROLS)[number];
const NAMED = 'data-mb-icon-named';
const SCROLLERS = '.ant-table-content, .ant-table-body, .mb-scroll-x';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]';
const MARK = 'data-mb-scroll-focus';

/**
 * A button whose only content is the icon needs a name once the icon is hidden: the title antd
 * gives it or its list item (Pagination: '上一页'), else the icon's translated name.
 */
function nameControl(icon: Element): void {
  const control = icon.closest('button, [role="button"]');
  if (!control || control.textContent?.trim()) return;
  const ours = control.hasAttribute(NAMED);
  if (!ours && (control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby'))) return;
  const title = control.getAttribute('title') ?? control.closest('li[title]')?.getAttribute('title');
  const kind = ICON_CONTROLS.find((name) => icon.classList.contains(`anticon-${name}`));
  const label = title || (kind ? i18n.t(`iconControls.${kind satisfies IconControl}`) : '');
  if (!label || control.getAttribute('aria-label') === label) return;
  control.setAttribute('aria-label', label);
  control.setAttribute(NAMED, '');
}

function hideIcons(root: ParentNode): void {
  for (const icon of Array.from(root.querySelectorAll(ICONS))) {
    icon.setAttribute('aria-hidden', 'true');
    icon.removeAttribute('aria-label');
    nameControl(icon);
  }
  // Names given earlier follow the language.
  for (const control of Array.from(root.querySelectorAll(`[${NAMED}]`))) {
    const icon = control.querySelector('.anticon');
    if (icon) nameControl(icon);
  }
}

function focusScrollers(root: ParentNode): void {
  for (const region of Array.from(root.querySelectorAll<HTMLElement>(SCROLLERS))) {
    const overflows = region.scrollWidth > region.clientWidth + 1;
    const ours = region.hasAttribute(MARK);
    if (overflows && !ours && !region.hasAttribute('tabindex') && !region.querySelector(FOCUSABLE)) {
      region.tabIndex = 0;
      region.setAttribute(MARK, '');
    } else if (!overflows && ours) {
      region.removeAttribute('tabindex');
      region.removeAttribute(MARK);
    }
  }
}

/** Applies the rules now and to whatever renders later (once per frame at most). */
export function watchAccessibility(root: HTMLElement = document.body): () => void {
  let pending = 0;
  const run = () => {
    pending = 0;
    hideIcons(root);
    focusScrollers(root);
  };
  const schedule = () => {
    if (!pending) pending = requestAnimationFrame(run);
  };
  const observer = new MutationObserver(schedule);
  // Attributes too: React may set an icon's label again when it re-renders.
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  window.addEventListener('resize', schedule);
  i18n.on('languageChanged', schedule);
  run();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    i18n.off('languageChanged', schedule);
    if (pending) cancelAnimationFrame(pending);
  };
}
