import { Spin } from 'antd';
import { Fragment, type HTMLAttributes, type Key, type ReactNode } from 'react';
import './item-list.css';

/**
 * A short list of rows (attachments, recent items, settings, answers) in the look of antd's List,
 * which antd 6 deprecates: its successor Listy is a virtual scroller of bare divs, without the rows'
 * layout or list semantics. This is a plain <ul> of ItemListRow (<li>), a thin line between rows.
 * Lint allows antd's List nowhere (eslint.config.js).
 */
export function ItemList<T>({
  items,
  itemKey,
  renderItem,
  size = 'default',
  empty,
  loading,
  footer,
  className,
}: {
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** One ItemListRow per item. */
  renderItem: (item: T) => ReactNode;
  /** `small`: tighter rows, indented like a small antd List. */
  size?: 'default' | 'small';
  /** Shown in place of the list when it has no items (and is not loading); nothing when left out. */
  empty?: ReactNode;
  /** Given, a spinner covers the list (and its footer) while it is true. */
  loading?: boolean;
  /** Below the rows, e.g. a Pagination with `className="mb-item-list-pagination"`. */
  footer?: ReactNode;
  className?: string;
}) {
  const classes = ['mb-item-list', size === 'small' ? 'mb-item-list-sm' : '', className ?? ''];
  const rows =
    items.length > 0 ? (
      <ul className={classes.filter(Boolean).join(' ')}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
    ) : loading ? (
      <div className="mb-item-list-loading" />
    ) : empty !== undefined ? (
      <div className="mb-item-list-empty">{empty}</div>
    ) : null;
  const body = (
    <>
      {rows}
      {footer}
    </>
  );
  return loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>;
}

export interface ItemListRowProps extends HTMLAttributes<HTMLLIElement> {
  /** Buttons at the row's end, a thin line between two. */
  actions?: ReactNode[];
  /** Shown last, after the actions (a date, a tag, a switch). */
  extra?: ReactNode;
}

/** A row of an ItemList: its content, then its actions and its extra. */
export function ItemListRow({ actions = [], extra, className, children, ...attributes }: ItemListRowProps) {
  return (
    <li {...attributes} className={className ? `mb-item-list-row ${className}` : 'mb-item-list-row'}>
      {children}
      {actions.length > 0 && (
        <div className="mb-item-list-actions">
          {actions.map((action, i) => (
            <span key={i} className="mb-item-list-action">
              {action}
            </span>
          ))}
        </div>
      )}
      {extra}
    </li>
  );
}

/** A row's title (a heading, as antd's List.Item.Meta has it) over its description. */
export function ItemListMeta({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-item-list-meta">
      <h4 className="mb-item-list-title">{title}</h4>
      {description !== undefined && <div className="mb-item-list-description">{description}</div>}
    </div>
  );
}
