import type { ReactNode } from "react";
import { COLUMN_KEYS, type CheckedBlock } from "../blocks";
import classes from "./blocks/blocks.module.css";
import {
  CourseListView,
  FormView,
  PostListView,
  PricingCardsView,
  ProductCardsView,
  type BlockData,
} from "./blocks/list-blocks";
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
} from "./blocks/static-blocks";

/** One checked block as static HTML; `isTitle`: it stands as the page's `<h1>`. */
export function BlockView({
  block,
  data,
  isTitle,
}: {
  block: CheckedBlock;
  data: BlockData;
  isTitle: boolean;
}): ReactNode {
  switch (block.type) {
    case "Hero":
      return <HeroView props={block.props} isTitle={isTitle} />;
    case "Heading":
      return <HeadingView props={block.props} isTitle={isTitle} />;
    case "Text":
      return <TextView props={block.props} />;
    case "RichText":
      return <RichTextView props={block.props} />;
    case "Image":
      return <ImageView props={block.props} />;
    case "Gallery":
      return <GalleryView props={block.props} />;
    case "Video":
      return <VideoView props={block.props} label={data.labels.video} />;
    case "Columns":
      return (
        <ColumnsView count={block.props.count}>
          {COLUMN_KEYS.map((key) => (
            <PageBlocks key={key} blocks={block.props[key] as CheckedBlock[]} data={data} nested />
          ))}
        </ColumnsView>
      );
    case "CourseList":
      return <CourseListView props={block.props} data={data} />;
    case "PostList":
      return <PostListView props={block.props} data={data} />;
    case "PricingCards":
      return <PricingCardsView props={block.props} />;
    case "ProductCards":
      return <ProductCardsView props={block.props} />;
    case "Form":
      return <FormView props={block.props} data={data} />;
    case "CallToAction":
      return <CallToActionView props={block.props} />;
    case "FAQ":
      return <FaqView props={block.props} />;
    case "Testimonial":
      return <TestimonialView props={block.props} />;
    case "Spacer":
      return <SpacerView props={block.props} />;
  }
}

/** A leading Heading or Hero stands as the page's title (the screen then shows none above). */
export const blocksCarryTitle = (blocks: readonly CheckedBlock[]) =>
  blocks[0]?.type === "Heading" || blocks[0]?.type === "Hero";

/** The class of the element holding a page's blocks (block-html.server writes it out too). */
export const pageClassName = classes.page;

/**
 * The read-only renderer of a page's checked blocks (checkBlocks skipped the unknown ones).
 * The server renders it to HTML (block-html.server): the public page carries the markup, not
 * this code.
 */
export function PageBlocks({
  blocks,
  data,
  headingIsTitle = false,
  nested = false,
}: {
  blocks: readonly CheckedBlock[];
  data: BlockData;
  headingIsTitle?: boolean;
  nested?: boolean;
}) {
  const views = blocks.map((block, index) => (
    <BlockView
      key={block.props.id}
      block={block}
      data={data}
      isTitle={headingIsTitle && index === 0 && !nested}
    />
  ));
  return nested ? views : <div className={pageClassName}>{views}</div>;
}
