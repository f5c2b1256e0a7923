import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Page numbers to show: first, last, and two either side of the current one; null = a gap. */
function pagesAround(current: number, pages: number): (number | null)[] {
  const shown = new Set(
    [1, pages, current - 2, current - 1, current, current + 1, current + 2].filter((n) => n >= 1 && n <= pages),
  );
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - (sorted[i - 1] ?? n) > 1 ? [null, n] : [n]));
}

/**
 * A light pager for a public page (antd's Pagination brings its Select along, a first-load cost
 * the directory does not need: its page size is fixed).
 */
export function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="mb-pager" aria-label={t('members.pageOf', { page, pages })}>
      <button
        type="button"
        className="mb-pager-item"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('members.previous')}
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
            aria-label={t('members.page', { page: n })}
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
        aria-label={t('members.next')}
      >
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}
