import type { CSSProperties, ReactNode } from "react";
import { embedOf, storedHtmlClass } from "~/features/content/content";
import type { BlockProps } from "../../blocks";
import classes from "./blocks.module.css";

/*
 * The blocks as plain, static HTML: the public site renders them on the server only (no
 * hydration, no script), and the builder shows the very same markup as its preview.
 */

const background = (colour: string): CSSProperties | undefined =>
  colour ? ({ "--block-bg": colour } as CSSProperties) : undefined;

export function HeroView({ props, isTitle }: { props: BlockProps<"Hero">; isTitle: boolean }) {
  const Title = isTitle ? "h1" : "h2";
  return (
    <section
      className={classes.hero}
      data-align={props.align}
      data-image={props.src ? "" : undefined}
      style={background(props.background)}
    >
      <div>
        <Title className={classes.heroTitle}>{props.title}</Title>
        {props.subtitle ? <p className={classes.lead}>{props.subtitle}</p> : null}
        {props.ctaLabel && props.ctaHref ? (
          <a className={classes.button} href={props.ctaHref}>
            {props.ctaLabel}
          </a>
        ) : null}
      </div>
      {props.src ? (
        <img
          src={props.src}
          alt={props.alt}
          width={props.width}
          height={props.height}
          // The hero is the first thing seen: fetched at once.
          fetchPriority="high"
        />
      ) : null}
    </section>
  );
}

export function HeadingView({
  props,
  isTitle,
}: {
  props: BlockProps<"Heading">;
  isTitle: boolean;
}) {
  const Tag = isTitle ? "h1" : props.level === "3" ? "h3" : "h2";
  return <Tag className={classes.heading}>{props.text}</Tag>;
}

export const TextView = ({ props }: { props: BlockProps<"Text"> }) => (
  <p className={classes.text}>{props.text}</p>
);

/** `html` arrives sanitised (sanitizeContentHtml, on save and again before the render). */
export const RichTextView = ({ props }: { props: BlockProps<"RichText"> }) => (
  <div
    className={`${classes.rich} ${storedHtmlClass}`}
    dangerouslySetInnerHTML={{ __html: props.html }}
  />
);

export function ImageView({ props }: { props: BlockProps<"Image"> }) {
  if (!props.src) return null;
  return (
    <figure className={classes.figure}>
      <img
        src={props.src}
        alt={props.alt}
        width={props.width}
        height={props.height}
        loading="lazy"
        decoding="async"
      />
      {props.caption ? <figcaption className={classes.caption}>{props.caption}</figcaption> : null}
    </figure>
  );
}

export const GalleryView = ({ props }: { props: BlockProps<"Gallery"> }) => (
  <div className={`${classes.grid} ${classes.gallery}`} data-columns={props.columns}>
    {props.images.map((image, index) => (
      <img
        key={`${image.src}-${index}`}
        src={image.src}
        alt={image.alt}
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
      />
    ))}
  </div>
);

export function VideoView({ props, label }: { props: BlockProps<"Video">; label: string }) {
  const embed = props.url ? embedOf(props.url) : null;
  if (!embed || embed.provider === "audio") return null;
  return (
    <div className={classes.video}>
      <iframe
        src={embed.src}
        title={props.title || label}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

export const ColumnsView = ({ count, children }: { count: number; children: ReactNode[] }) => (
  <div className={classes.grid} data-columns={count}>
    {children.slice(0, count).map((column, index) => (
      <div key={index} className={classes.column}>
        {column}
      </div>
    ))}
  </div>
);

export const CallToActionView = ({ props }: { props: BlockProps<"CallToAction"> }) => (
  <section className={classes.cta} style={background(props.background)}>
    <h2>{props.title}</h2>
    {props.text ? <p className={classes.lead}>{props.text}</p> : null}
    {props.buttonLabel && props.buttonHref ? (
      <a className={classes.button} href={props.buttonHref}>
        {props.buttonLabel}
      </a>
    ) : null}
  </section>
);

/** Questions that open without script: `<details>`/`<summary>` are keyboard- and reader-ready. */
export const FaqView = ({ props }: { props: BlockProps<"FAQ"> }) => (
  <section>
    {props.title ? <h2 className={classes.heading}>{props.title}</h2> : null}
    {props.items.map((item, index) => (
      <details key={index} className={classes.faq}>
        <summary className={classes.summary}>{item.question}</summary>
        <p>{item.answer}</p>
      </details>
    ))}
  </section>
);

export const TestimonialView = ({ props }: { props: BlockProps<"Testimonial"> }) => (
  <figure className={classes.figure}>
    <blockquote className={classes.quote}>
      <p>{props.quote}</p>
    </blockquote>
    <figcaption className={classes.caption}>
      {props.avatar ? (
        <img
          className={classes.avatar}
          src={props.avatar}
          alt=""
          width={40}
          height={40}
          loading="lazy"
        />
      ) : null}{" "}
      <strong>{props.author}</strong>
      {props.role ? `, ${props.role}` : ""}
    </figcaption>
  </figure>
);

export const SpacerView = ({ props }: { props: BlockProps<"Spacer"> }) => (
  <div className={classes.spacer} data-size={props.size} aria-hidden="true" />
);
