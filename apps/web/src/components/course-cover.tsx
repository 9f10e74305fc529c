import { useMantineTheme } from '@mantine/core';
import { useMemo, type CSSProperties } from 'react';

// Issue 32 point 3, imagery: a course's cover, or, when it has none, a pattern drawn from the course's id in the
// client's primary colour, so every course has a picture and none is ever a broken image. Lazily loaded and sized
// (16:9 by width and height attributes and aspect-ratio), so the page does not shift when it arrives.

/** 16:9, as the server stores covers (contracts COVER_WIDTH x COVER_HEIGHT). */
export const COVER_RATIO = '16 / 9';

/** A small deterministic generator (mulberry32) seeded by the course id: the same course, the same pattern. */
function randomFrom(id: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < id.length; i++) seed = Math.imul(seed ^ id.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pattern as an SVG data URL: diagonal bands and circles in shades of the colour. */
export function coverPattern(id: string, shades: readonly string[]): string {
  const r = randomFrom(id);
  const shade = (i: number) => shades[Math.min(Math.max(i, 0), shades.length - 1)] ?? '#666';
  const base = 5 + Math.floor(r() * 3);
  const tilt = 40 + Math.round(r() * 80);
  const bands = Array.from({ length: 3 }, (_, i) => {
    const x = Math.round(r() * 320);
    const w = 24 + Math.round(r() * 60);
    return `<path d="M${x} 0h${w}l-${tilt} 180h-${w}z" fill="${shade(base - 2 + i)}" opacity="0.55"/>`;
  }).join('');
  const circles = Array.from({ length: 3 }, (_, i) => {
    const cx = Math.round(r() * 320);
    const cy = Math.round(r() * 180);
    const radius = 20 + Math.round(r() * 70);
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${i === 0 ? '#fff' : shade(base + 2)}" opacity="${i === 0 ? 0.16 : 0.5}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<rect width="320" height="180" fill="${shade(base)}"/>${bands}${circles}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The cover of a course: `<img loading="lazy">` with width and height (a 16:9 box before it loads). The alt text is
 * empty: the picture decorates a card whose title names the course.
 */
export function CourseCover({
  courseId,
  coverUrl,
  width = 640,
  style,
  radius,
}: {
  courseId: string;
  coverUrl: string | null;
  /** The width the picture is drawn at most (its attribute; CSS makes it fill its box). */
  width?: number;
  style?: CSSProperties;
  radius?: string;
}) {
  const theme = useMantineTheme();
  const primary = theme.colors.primary;
  const shades: readonly string[] = primary ?? [];
  const pattern = useMemo(() => coverPattern(courseId, primary ?? []), [courseId, primary]);
  return (
    <img
      src={coverUrl ?? pattern}
      alt=""
      loading="lazy"
      decoding="async"
      width={width}
      height={Math.round((width * 9) / 16)}
      data-cover={coverUrl ? 'picture' : 'pattern'}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: COVER_RATIO,
        objectFit: 'cover',
        borderRadius: radius,
        background: shades[1] ?? 'var(--mantine-color-gray-1)',
        ...style,
      }}
    />
  );
}
