import { BANNER_WIDTHS, imageSources } from '@dscloud/sdk/files';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { palette } from '../../app/theme';
import { useLocale, useT } from '../../i18n/useT';
import type { Slide } from './slides';

const AUTOPLAY_MS = 5000;

/** A slide's title in the page's language: its English title in English mode when it has one. */
const titleOf = (slide: Slide, en: boolean) => (en && slide.titleEn ? slide.titleEn : slide.title);

/**
 * The autoplaying home banner. Only the current slide is in the page (no hidden clones to tab into);
 * it pauses while the pointer or keyboard focus is on it, and the dots choose a slide. While the
 * slides load (`loading`) an empty box of the final size holds their place, so nothing moves when they
 * arrive; the first slide's art is the page's largest picture, fetched first and never lazily.
 */
export function BannerCarousel({ slides, loading = false }: { slides: Slide[]; loading?: boolean }) {
  const t = useT();
  const en = useLocale() === 'en';
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = slides[index % count];

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (loading) return <section className="ds-banner" aria-label={t('home.banner')} aria-busy="true"><div className="ds-banner-slide" /></section>;
  if (!current) return null;
  return (
    <section
      className="ds-banner"
      aria-roledescription="carousel"
      aria-label={t('home.banner')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="ds-banner-slide"
        style={{ background: `linear-gradient(120deg, ${current.colors[0]}, ${current.colors[1]})` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {current.imageUrl ? (
          <>
            {/* An element rather than a CSS background: the browser sees it at once and the first one comes first. */}
            <picture key={current.key}>
              {/* AVIF, else WebP copies at 768/1280/1920 px when the server has them; the picture itself else. */}
              {imageSources(current.imageUrl, BANNER_WIDTHS).map((source) => (
                <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="100vw" />
              ))}
              <img
                className="ds-banner-art"
                src={current.imageUrl}
                alt=""
                width={1920}
                height={430}
                loading="eager"
                decoding="async"
                fetchPriority={index % count === 0 ? 'high' : 'auto'}
              />
            </picture>
            {/* The art sits under a darkening gradient so the white words keep their contrast on any image. */}
            <span className="ds-banner-scrim" style={{ background: `linear-gradient(90deg, ${palette.bannerScrimStart}, ${palette.bannerScrimEnd})` }} />
          </>
        ) : null}
        <h2>{titleOf(current, en)}</h2>
        <p>{en && current.textEn ? current.textEn : current.text}</p>
        {current.to ? (
          <button
            type="button"
            className="ds-banner-enter"
            onClick={() => (current.external ? window.open(current.to, '_blank', 'noopener') : void navigate(current.to))}
          >
            {t('home.enter')}
          </button>
        ) : null}
      </div>
      <div className="ds-banner-dots">
        {slides.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className="ds-banner-dot"
            aria-label={titleOf(slide, en)}
            aria-current={i === index % count}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
