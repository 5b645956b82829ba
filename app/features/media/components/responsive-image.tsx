import type { CSSProperties } from "react";
import type { ResponsiveImageData } from "../media-types";

/**
 * A library image on the public site: AVIF, then WebP, at the widths made on upload, with the
 * image's width and height so the page keeps its place before it arrives (no layout shift).
 */
export function ResponsiveImage({
  image,
  sizes = "(max-width: 768px) 100vw, 768px",
  alt,
  priority = false,
  style,
}: {
  image: ResponsiveImageData;
  sizes?: string;
  alt?: string;
  /** The page's main image: fetched at once rather than lazily. */
  priority?: boolean;
  style?: CSSProperties;
}) {
  return (
    <picture>
      {image.avif ? <source type="image/avif" srcSet={image.avif} sizes={sizes} /> : null}
      {image.webp ? <source type="image/webp" srcSet={image.webp} sizes={sizes} /> : null}
      <img
        src={image.src}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        style={{ display: "block", width: "100%", height: "auto", ...style }}
      />
    </picture>
  );
}
