import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import './pager.css';

/** Page numbers to show: first, last, and two either side of the current one; null = a gap. */
function pagesAround(current: number, pages: number): (number | null)[] {
  const shown = new Set(
    [1, pages, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= pages),
  );
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - (sorted[i - 1] ?? n) > 1 ? [null, n] : [n]));
}

/** What the pager says to assistive technology, in the caller's strings. */
export interface PagerLabels {
  /** The navigation's name, e.g. "Page 2 of 5". */
  nav: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

/**
 * A light pager for a public page (antd's Pagination brings its Select along, a first-load cost
 * a public list does not need: its page size is fixed).
 */
export function Pager({
  page,
  pages,
  onChange,
  labels,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  labels: PagerLabels;
}) {
  return (
    <nav className="mb-pager" aria-label={labels.nav}>
      <button
        type="button"
        className="mb-pager-item"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={labels.previous}
      >
        <LeftOutlined aria-hidden />
      </button>
      {pagesAround(page, pages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="mb-pager-gap" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className="mb-pager-item"
            aria-current={n === page ? 'page' : undefined}
            aria-label={labels.page(n)}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className="mb-pager-item"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
        aria-label={labels.next}
      >
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}
