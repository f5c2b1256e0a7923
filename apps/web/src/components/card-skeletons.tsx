import './shimmer.css';

/**
 * The class names of a public card grid (the portal's articles, the achievement area's notebooks):
 * each area keeps its own look in its own CSS, the markup is shared.
 */
export interface CardClasses {
  grid: string;
  card: string;
  cover: string;
  body: string;
}

/** Placeholder cards while a listing loads. */
export function CardSkeletons({ count, label, classes }: { count: number; label: string; classes: CardClasses }) {
  return (
    <ul className={classes.grid} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={classes.card} aria-hidden>
          <div className={`${classes.cover} mb-shimmer`} />
          <div className={classes.body}>
            <span className="mb-shimmer mb-shimmer-line" style={{ width: '30%' }} />
            <span className="mb-shimmer mb-shimmer-line" />
            <span className="mb-shimmer mb-shimmer-line" style={{ width: '80%' }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
