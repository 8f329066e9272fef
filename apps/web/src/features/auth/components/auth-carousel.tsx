import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const slides = ['hashrate', 'payouts', 'access'] as const;
const advanceEveryMs = 7000;

/** Spec 2: the carousel beside the sign-in form — what the pool offers, one point at a time. */
export function AuthCarousel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % slides.length), advanceEveryMs);
    return () => clearInterval(timer);
  }, [paused]);

  const slide = slides[index] ?? slides[0];
  return (
    <aside
      className="auth-carousel"
      aria-roledescription="carousel"
      aria-label={t('auth.carousel.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="auth-carousel-slide" aria-live={paused ? 'polite' : 'off'} data-slide={slide}>
        <div className="auth-carousel-art" aria-hidden />
        <h2>{t(`auth.carousel.${slide}.title`)}</h2>
        <p>{t(`auth.carousel.${slide}.text`)}</p>
      </div>
      <div className="auth-carousel-dots">
        {slides.map((name, position) => (
          <button
            key={name}
            type="button"
            aria-label={t('auth.carousel.goTo', { number: position + 1 })}
            aria-current={position === index || undefined}
            onClick={() => setIndex(position)}
          />
        ))}
      </div>
    </aside>
  );
}
