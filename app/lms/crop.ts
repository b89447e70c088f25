/**
 * The part of a picture to keep so it fills a target size without distortion: the largest
 * centred rectangle of the target's proportions, slid along the long axis by `at` (0…1).
 */
export function cropRect(srcW: number, srcH: number, dstW: number, dstH: number, at = 0.5) {
  const want = dstW / dstH;
  if (srcW / srcH > want) {
    const w = Math.round(srcH * want);
    return { x: Math.round((srcW - w) * at), y: 0, w, h: srcH };
  }
  const h = Math.round(srcW / want);
  return { x: 0, y: Math.round((srcH - h) * at), w: srcW, h };
}
