/**
 * The address of a lesson picture as the catalogue serves it: one SVG of a course's images/ folder,
 * published by the content build under our own origin with a hash of its bytes in the name
 * (/assets/content/<course>/<name>.<hash>.svg), so it is cached for a year and never goes stale.
 * The content validator accepts only these addresses, and the lesson renderer shows only these,
 * so no lesson, and no mentor answer rendered the same way, can make the page load a third-party image.
 */
export const LESSON_IMAGE_URL = /^\/assets\/content\/[a-z0-9-]+\/[a-z0-9-]+\.[0-9a-f]{10}\.svg$/;

export const isLessonImageUrl = (src: string): boolean => LESSON_IMAGE_URL.test(src);
