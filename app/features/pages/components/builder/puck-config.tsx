import type { ComponentConfig, Config, Fields } from "@puckeditor/core";
import type { TFunction } from "i18next";
import { ContentEditor } from "~/features/content/content";
import { blockPropSchemas, type BlockProps, type BlockType } from "../../blocks";
import type { BlockData } from "../blocks/list-blocks";
import {
  CourseListView,
  FormView,
  PostListView,
  PricingCardsView,
  ProductCardsView,
} from "../blocks/list-blocks";
import {
  CallToActionView,
  ColumnsView,
  FaqView,
  GalleryView,
  HeadingView,
  HeroView,
  ImageView,
  RichTextView,
  SpacerView,
  TestimonialView,
  TextView,
  VideoView,
} from "../blocks/static-blocks";
import { ImageAddressField } from "./image-field";
import { listField, type ListSubField } from "./list-field";

/*
 * The builder's blocks for Puck: each block's fields (labelled in the editor's language) and its
 * preview, which is the public renderer's own static view. Props pass through the block's
 * schema first, so the preview shows what the public page will (defaults filled in).
 */

type AnyProps = Record<string, unknown>;
const parse = <T extends BlockType>(type: T, props: AnyProps) => {
  const parsed = blockPropSchemas[type].safeParse(props);
  return parsed.success ? (parsed.data as BlockProps<T>) : null;
};

/** An image address, typed or chosen from the media library. */
function imageField(label: string, help: string) {
  return {
    type: "custom" as const,
    label,
    render: ({
      value,
      onChange,
      name,
    }: {
      value: string;
      onChange: (v: string) => void;
      name: string;
    }) => (
      <ImageAddressField name={name} label={label} help={help} value={value} onChange={onChange} />
    ),
  };
}

export function puckConfig(t: TFunction, data: BlockData): Config {
  const f = (name: string) => t(`pages.fields.${name}`);
  const text = (name: string) => ({ type: "text" as const, label: f(name) });
  const area = (name: string) => ({ type: "textarea" as const, label: f(name) });
  const number = (name: string, min: number, max: number) => ({
    type: "number" as const,
    label: f(name),
    min,
    max,
  });
  const choice = (name: string, options: [string, string][]) => ({
    type: "select" as const,
    label: f(name),
    options: options.map(([value, key]) => ({ value, label: t(`pages.options.${key}`) })),
  });
  const image = imageField(f("src"), t("pages.fields.srcHelp"));
  const sub = (name: string, kind: ListSubField["kind"]): ListSubField => ({
    name,
    label: f(name),
    kind,
  });
  const imageProps = {
    src: image,
    alt: text("alt"),
    width: number("width", 1, 8000),
    height: number("height", 1, 8000),
  };
  const block = <T extends BlockType>(
    type: T,
    fields: Fields,
    view: (props: BlockProps<T>) => React.ReactElement | null,
    defaultProps: AnyProps = {},
  ): ComponentConfig => ({
    label: t(`pages.blocks.${type}`),
    fields,
    defaultProps,
    render: (props: AnyProps) => {
      const checked = parse(type, props);
      if (!checked)
        return (
          <p role="note" style={{ color: "var(--mantine-color-red-text)" }}>
            {t("pages.editor.blockInvalid", { block: t(`pages.blocks.${type}`) })}
          </p>
        );
      return view(checked) ?? <></>;
    },
  });

  const components: Record<BlockType, ComponentConfig> = {
    Hero: block(
      "Hero",
      {
        title: text("title"),
        subtitle: area("subtitle"),
        ...imageProps,
        ctaLabel: text("ctaLabel"),
        ctaHref: text("ctaHref"),
        align: choice("align", [
          ["center", "center"],
          ["left", "left"],
        ]),
        background: text("background"),
      },
      (props) => <HeroView props={props} isTitle={false} />,
      { title: t("pages.defaults.heroTitle"), align: "center", width: 1200, height: 675 },
    ),
    Heading: block(
      "Heading",
      {
        text: text("text"),
        level: choice("level", [
          ["2", "level2"],
          ["3", "level3"],
        ]),
      },
      (props) => <HeadingView props={props} isTitle={false} />,
      { text: t("pages.defaults.heading"), level: "2" },
    ),
    Text: block("Text", { text: area("text") }, (props) => <TextView props={props} />, {
      text: t("pages.defaults.text"),
    }),
    RichText: block(
      "RichText",
      {
        html: {
          type: "custom",
          label: f("html"),
          render: ({ value, onChange }) => (
            <ContentEditor label={f("html")} value={value ?? ""} onChange={onChange} />
          ),
        },
      },
      (props) => <RichTextView props={props} />,
      { html: "" },
    ),
    Image: block(
      "Image",
      { ...imageProps, caption: text("caption") },
      (props) => <ImageView props={props} />,
      { width: 1200, height: 675 },
    ),
    Gallery: block(
      "Gallery",
      {
        columns: number("columns", 2, 4),
        images: listField({
          t,
          label: f("images"),
          itemLabel: f("image"),
          fields: [sub("src", "text"), sub("alt", "text")],
          blank: { src: "", alt: "" },
          max: 24,
        }),
      },
      (props) => <GalleryView props={props} />,
      { columns: 3, images: [] },
    ),
    Video: block(
      "Video",
      { url: { ...text("url"), label: f("videoUrl") }, title: text("title") },
      (props) => <VideoView props={props} label={data.labels.video} />,
      { url: "" },
    ),
    Columns: {
      label: t("pages.blocks.Columns"),
      fields: {
        count: number("count", 2, 4),
        column1: { type: "slot", disallow: ["Columns"] },
        column2: { type: "slot", disallow: ["Columns"] },
        column3: { type: "slot", disallow: ["Columns"] },
        column4: { type: "slot", disallow: ["Columns"] },
      },
      defaultProps: { count: 2, column1: [], column2: [], column3: [], column4: [] },
      render: ({ count, column1: C1, column2: C2, column3: C3, column4: C4 }) => (
        <ColumnsView count={Math.min(4, Math.max(2, Number(count) || 2))}>
          {[<C1 key={1} />, <C2 key={2} />, <C3 key={3} />, <C4 key={4} />]}
        </ColumnsView>
      ),
    },
    CourseList: block(
      "CourseList",
      { title: text("title"), limit: number("limit", 1, 12) },
      (props) => <CourseListView props={props} data={data} />,
      { title: t("pages.defaults.courses"), limit: 6 },
    ),
    PostList: block(
      "PostList",
      { title: text("title"), limit: number("limit", 1, 12) },
      (props) => <PostListView props={props} data={data} />,
      { title: t("pages.defaults.posts"), limit: 3 },
    ),
    PricingCards: block(
      "PricingCards",
      {
        title: text("title"),
        plans: listField({
          t,
          label: f("plans"),
          itemLabel: f("plan"),
          fields: [
            sub("name", "text"),
            sub("price", "text"),
            sub("period", "text"),
            sub("features", "textarea"),
            sub("ctaLabel", "text"),
            sub("ctaHref", "text"),
            sub("highlighted", "boolean"),
          ],
          blank: { name: "", price: "", period: "", features: "", highlighted: false },
          max: 6,
        }),
      },
      (props) => <PricingCardsView props={props} />,
      { plans: [] },
    ),
    ProductCards: block(
      "ProductCards",
      {
        title: text("title"),
        products: listField({
          t,
          label: f("products"),
          itemLabel: f("product"),
          fields: [
            sub("name", "text"),
            sub("price", "text"),
            sub("description", "textarea"),
            { name: "image", label: f("src"), kind: "text" },
            sub("href", "text"),
          ],
          blank: { name: "", price: "", description: "", image: "", href: "" },
          max: 12,
        }),
      },
      (props) => <ProductCardsView props={props} />,
      { products: [] },
    ),
    Form: block(
      "Form",
      {
        kind: choice("formKind", [
          ["form", "form"],
          ["signup", "signup"],
          ["contact", "contact"],
        ]),
        formId: {
          type: "select" as const,
          label: f("form"),
          options: [
            { value: "", label: t("pages.options.none") },
            ...(data.formChoices ?? []).map((form) => ({ value: form.id, label: form.name })),
          ],
        },
        title: text("title"),
        text: area("text"),
        submitLabel: text("submitLabel"),
        email: { ...text("email"), label: f("contactEmail") },
      },
      (props) => <FormView props={props} data={data} />,
      { kind: "signup" },
    ),
    CallToAction: block(
      "CallToAction",
      {
        title: text("title"),
        text: area("text"),
        buttonLabel: text("ctaLabel"),
        buttonHref: text("ctaHref"),
        background: text("background"),
      },
      (props) => <CallToActionView props={props} />,
      { title: t("pages.defaults.cta") },
    ),
    FAQ: block(
      "FAQ",
      {
        title: text("title"),
        items: listField({
          t,
          label: f("questions"),
          itemLabel: f("question"),
          fields: [sub("question", "text"), sub("answer", "textarea")],
          blank: { question: "", answer: "" },
          max: 50,
        }),
      },
      (props) => <FaqView props={props} />,
      { title: t("pages.defaults.faq"), items: [] },
    ),
    Testimonial: block(
      "Testimonial",
      {
        quote: area("quote"),
        author: text("author"),
        role: text("role"),
        avatar: imageField(f("avatar"), t("pages.fields.srcHelp")),
      },
      (props) => <TestimonialView props={props} />,
    ),
    Spacer: block(
      "Spacer",
      {
        size: choice("size", [
          ["sm", "small"],
          ["md", "medium"],
          ["lg", "large"],
          ["xl", "extraLarge"],
        ]),
      },
      (props) => <SpacerView props={props} />,
      { size: "md" },
    ),
  };

  return {
    // The page's own fields (title, address, search) live in the editor's settings tab.
    root: { fields: {} },
    components,
    categories: {
      layout: {
        title: t("pages.categories.layout"),
        components: ["Hero", "Columns", "Spacer", "CallToAction"],
      },
      text: {
        title: t("pages.categories.text"),
        components: ["Heading", "Text", "RichText", "FAQ", "Testimonial"],
      },
      media: { title: t("pages.categories.media"), components: ["Image", "Gallery", "Video"] },
      site: {
        title: t("pages.categories.site"),
        components: ["CourseList", "PostList", "PricingCards", "ProductCards", "Form"],
      },
    },
  };
}
