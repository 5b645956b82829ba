import type { ComponentConfig, Config, Fields } from "@puckeditor/core";
import { TextInput } from "@mantine/core";
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

/**
 * An image address. The media library's picker (being built) takes this field's place: it
 * fills `src` (and `mediaId`) through the same onChange.
 */
function imageField(label: string, help: string) {
  return {
    type: "custom" as const,
    label,
    render: ({
      value,
      onChange,
      id,
    }: {
      value: string;
      onChange: (v: string) => void;
      id: string;
    }) => (
      <TextInput
        id={id}
        label={label}
        description={help}
        value={value ?? ""}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
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
        images: {
          type: "array",
          label: f("images"),
          arrayFields: { src: image, alt: text("alt") },
          defaultItemProps: { src: "", alt: "" },
          getItemSummary: (item: AnyProps, index = 0) =>
            String(item.alt || `${f("image")} ${index + 1}`),
        },
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
        plans: {
          type: "array",
          label: f("plans"),
          arrayFields: {
            name: text("name"),
            price: text("price"),
            period: text("period"),
            features: { ...area("features"), label: f("features") },
            ctaLabel: text("ctaLabel"),
            ctaHref: text("ctaHref"),
            highlighted: {
              type: "radio",
              label: f("highlighted"),
              options: [
                { value: true, label: t("pages.options.yes") },
                { value: false, label: t("pages.options.no") },
              ],
            },
          },
          defaultItemProps: { name: "", price: "", period: "", features: "", highlighted: false },
          getItemSummary: (item: AnyProps) => String(item.name || f("plan")),
        },
      },
      (props) => <PricingCardsView props={props} />,
      { plans: [] },
    ),
    ProductCards: block(
      "ProductCards",
      {
        title: text("title"),
        products: {
          type: "array",
          label: f("products"),
          arrayFields: {
            name: text("name"),
            price: text("price"),
            description: area("description"),
            image,
            href: text("href"),
          },
          defaultItemProps: { name: "", price: "", description: "", image: "", href: "" },
          getItemSummary: (item: AnyProps) => String(item.name || f("product")),
        },
      },
      (props) => <ProductCardsView props={props} />,
      { products: [] },
    ),
    Form: block(
      "Form",
      {
        kind: choice("formKind", [
          ["signup", "signup"],
          ["contact", "contact"],
        ]),
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
        items: {
          type: "array",
          label: f("questions"),
          arrayFields: { question: text("question"), answer: area("answer") },
          defaultItemProps: { question: "", answer: "" },
          getItemSummary: (item: AnyProps) => String(item.question || f("question")),
        },
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
