import type { BlockProps } from "../../blocks";
import classes from "./blocks.module.css";

/** What the data-driven blocks show, read by the server before the page renders. */
export type BlockData = {
  courses: { title: string; slug: string; description: string; image: string | null }[];
  posts: { title: string; slug: string; excerpt: string }[];
  /**
   * The site's forms the page's form blocks show, as their markup by form id: rendered by the
   * forms feature for this request (its fields, a fresh stamp), React-escaped there.
   */
  forms: Record<string, string>;
  /** The builder's form picker: every form of the site. */
  formChoices?: { id: string; name: string }[];
  /** The blocks' own words, in the visitor's language (sitePages.blocks). */
  labels: BlockLabels;
};

export type BlockLabels = {
  name: string;
  email: string;
  message: string;
  signUp: string;
  send: string;
  noCourses: string;
  noPosts: string;
  video: string;
  chooseForm: string;
};

export const emptyBlockData = (labels: BlockLabels): BlockData => ({
  courses: [],
  posts: [],
  forms: {},
  labels,
});

const Title = ({ text }: { text: string }) =>
  text ? <h2 className={classes.heading}>{text}</h2> : null;

export function CourseListView({
  props,
  data,
}: {
  props: BlockProps<"CourseList">;
  data: BlockData;
}) {
  const courses = data.courses.slice(0, props.limit);
  return (
    <section>
      <Title text={props.title} />
      {courses.length === 0 ? <p className={classes.muted}>{data.labels.noCourses}</p> : null}
      <div className={classes.grid} data-columns={Math.min(3, Math.max(2, courses.length))}>
        {courses.map((course) => (
          <a key={course.slug} className={classes.card} href={`/course/${course.slug}`}>
            {course.image ? (
              <img src={course.image} alt="" width={400} height={225} loading="lazy" />
            ) : null}
            <h3>{course.title}</h3>
            <p className={classes.muted}>{course.description}</p>
          </a>
        ))}
      </div>
    </section>
  );
}

export function PostListView({ props, data }: { props: BlockProps<"PostList">; data: BlockData }) {
  const posts = data.posts.slice(0, props.limit);
  return (
    <section>
      <Title text={props.title} />
      {posts.length === 0 ? <p className={classes.muted}>{data.labels.noPosts}</p> : null}
      <div className={classes.grid} data-columns={Math.min(3, Math.max(2, posts.length))}>
        {posts.map((post) => (
          <a key={post.slug} className={classes.card} href={`/blog/${post.slug}`}>
            <h3>{post.title}</h3>
            <p className={classes.muted}>{post.excerpt}</p>
          </a>
        ))}
      </div>
    </section>
  );
}

/** Static plans until commerce lands; then each card is wired to its product. */
export const PricingCardsView = ({ props }: { props: BlockProps<"PricingCards"> }) => (
  <section>
    <Title text={props.title} />
    <div className={classes.grid} data-columns={Math.min(4, Math.max(2, props.plans.length))}>
      {props.plans.map((plan, index) => (
        <div
          key={index}
          className={classes.card}
          data-highlighted={plan.highlighted ? "" : undefined}
        >
          <h3>{plan.name}</h3>
          <p>
            <span className={classes.price}>{plan.price}</span>{" "}
            <span className={classes.muted}>{plan.period}</span>
          </p>
          <ul className={classes.list}>
            {plan.features
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
              .map((line, n) => (
                <li key={n}>{line}</li>
              ))}
          </ul>
          {plan.ctaLabel && plan.ctaHref ? (
            <a className={classes.button} href={plan.ctaHref}>
              {plan.ctaLabel}
            </a>
          ) : null}
        </div>
      ))}
    </div>
  </section>
);

/** Static products until commerce lands. */
export const ProductCardsView = ({ props }: { props: BlockProps<"ProductCards"> }) => (
  <section>
    <Title text={props.title} />
    <div className={classes.grid} data-columns={Math.min(4, Math.max(2, props.products.length))}>
      {props.products.map((product, index) => (
        <div key={index} className={classes.card}>
          {product.image ? (
            <img src={product.image} alt="" width={400} height={300} loading="lazy" />
          ) : null}
          <h3>{product.href ? <a href={product.href}>{product.name}</a> : product.name}</h3>
          <p className={classes.price}>{product.price}</p>
          <p className={classes.muted}>{product.description}</p>
        </div>
      ))}
    </div>
  </section>
);

/**
 * One of the site's forms (posting to its own address, M5), a sign-up form (goes to the site's
 * /signup with the address filled in) or a contact form (the visitor's mail program, to the
 * owner's address): all work without script.
 */
export function FormView({ props, data }: { props: BlockProps<"Form">; data: BlockData }) {
  const { labels } = data;
  if (props.kind === "form") {
    const html = data.forms[props.formId];
    // A form since deleted shows nothing to visitors; the builder asks for one.
    if (html === undefined)
      return data.formChoices ? <p className={classes.muted}>{labels.chooseForm}</p> : null;
    return (
      <section>
        <Title text={props.title} />
        {props.text ? <p className={classes.muted}>{props.text}</p> : null}
        {/* The forms feature's own static markup (not a person's HTML): see BlockData.forms. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    );
  }
  const contact = props.kind === "contact";
  const field = `${props.id}-`;
  return (
    <form
      className={classes.form}
      method={contact ? "post" : "get"}
      action={contact ? `mailto:${props.email}` : "/signup"}
      encType={contact ? "text/plain" : undefined}
    >
      {props.title ? <h2>{props.title}</h2> : null}
      {props.text ? <p className={classes.muted}>{props.text}</p> : null}
      {contact ? (
        <label htmlFor={`${field}name`}>
          {labels.name}
          <input id={`${field}name`} name="name" autoComplete="name" required />
        </label>
      ) : null}
      <label htmlFor={`${field}email`}>
        {labels.email}
        <input id={`${field}email`} name="email" type="email" autoComplete="email" required />
      </label>
      {contact ? (
        <label htmlFor={`${field}message`}>
          {labels.message}
          <textarea id={`${field}message`} name="message" rows={4} required />
        </label>
      ) : null}
      <button className={classes.button} type="submit">
        {props.submitLabel || (contact ? labels.send : labels.signUp)}
      </button>
    </form>
  );
}
