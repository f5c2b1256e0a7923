import { LeftOutlined, PauseOutlined, CaretRightOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Banner } from '@mathbridge/contracts/content';
import { useBanners } from '../api/portal-api.ts';

const INTERVAL_MS = 6000;

function BannerLink({ banner, label }: { banner: Banner; label: string }) {
  if (!banner.link) return null;
  const text = (
    <>
      {label}
      <span className="mb-visually-hidden">: {banner.title}</span>
      <RightOutlined aria-hidden />
    </>
  );
  return banner.link.startsWith('/') ? (
    <Link className="mb-banner-link" to={banner.link}>
      {text}
    </Link>
  ) : (
    <a className="mb-banner-link" href={banner.link} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/**
 * /start: the admins' banners (index/getBanner) as a carousel. Nothing is shown when there are none
 * or they fail to load (the page is complete without them). It turns by itself every few seconds,
 * but not while the pointer or focus is on it, when paused, or when the reader asked for less motion.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const banners = useBanners();
  const items = banners.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const count = items.length;
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || hovered) return undefined;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, hovered]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className="mb-banners"
      aria-roledescription="carousel"
      aria-label={t('portal.banners.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="mb-container">
        <div className="mb-banner-frame">
          <div
            className="mb-banner-track"
            style={{ transform: `translateX(-${current * 100}%)` }}
            aria-live={paused || hovered ? 'polite' : 'off'}
          >
            {items.map((banner, i) => (
              <article
                key={banner.id}
                className="mb-banner"
                aria-roledescription="slide"
                aria-label={t('portal.banners.goTo', { n: i + 1, total: count })}
                aria-hidden={i !== current}
                inert={i !== current}
              >
                <img src={banner.image_url} alt="" loading={i === 0 ? 'eager' : 'lazy'} />
                <div className="mb-banner-text">
                  <h2>{banner.title}</h2>
                  {banner.subtitle && <p>{banner.subtitle}</p>}
                  <BannerLink banner={banner} label={t('portal.banners.open')} />
                </div>
              </article>
            ))}
          </div>
          {count > 1 && (
            <div className="mb-banner-controls">
              <div className="mb-banner-dots">
                {items.map((banner, i) => (
                  <button
                    key={banner.id}
                    type="button"
                    className="mb-banner-dot"
                    aria-label={t('portal.banners.goTo', { n: i + 1, total: count })}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => go(i)}
                  />
                ))}
              </div>
              <button type="button" onClick={() => go(current - 1)} aria-label={t('portal.banners.previous')}>
                <LeftOutlined aria-hidden />
              </button>
              <button type="button" onClick={() => go(current + 1)} aria-label={t('portal.banners.next')}>
                <RightOutlined aria-hidden />
              </button>
              <button
                type="button"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? t('portal.banners.play') : t('portal.banners.pause')}
              >
                {paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
              </button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
