// Schema.org descriptions of public pages as JSON-LD, which search engines read for rich
// results: the site as an Organization, breadcrumbs, posts, courses with their offers, products.
// React Router writes each into a <script type="application/ld+json">, escaping "<" (Meta).

type LdValue = string | number | boolean | null | LdObject | LdValue[];
export type LdObject = { [key: string]: LdValue | undefined };

/** The site as the publisher of what it shows (its home page describes it whole). */
export type SiteOrganization = { name: string; url: string; logo: string | null };

/** What a price is offered at: decimal text in the currency's major unit ("19.99", "0"). */
export type LdOffer = { price: string; currency: string; url: string };

const organization = (site: SiteOrganization): LdObject => ({
  "@type": "Organization",
  name: site.name,
  url: site.url,
  ...(site.logo ? { logo: site.logo } : {}),
});

const offerOf = ({ price, currency, url }: LdOffer): LdObject => ({
  "@type": "Offer",
  price,
  priceCurrency: currency,
  url,
  availability: "https://schema.org/InStock",
  // Google's course rich results ask whether a course is free or paid.
  category: Number(price) === 0 ? "Free" : "Paid",
});

const absolute = (url: string | null | undefined, base: string) =>
  url ? new URL(url, base).href : undefined;

/** The meta descriptors React Router renders as JSON-LD scripts. */
export function jsonLd(...objects: LdObject[]) {
  return objects.map((object) => ({
    "script:ld+json": { "@context": "https://schema.org", ...object } as LdObject,
  }));
}

export function organizationLd(site: SiteOrganization, description?: string): LdObject {
  return { ...organization(site), ...(description ? { description } : {}) };
}

/** Home › … › the page itself, each with its address. */
export function breadcrumbLd(crumbs: { name: string; url: string }[]): LdObject {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export function blogPostingLd(post: {
  url: string;
  title: string;
  excerpt: string;
  image: string | null;
  publishedAt: string | null;
  authorName: string;
  language: string | null;
  categories: { name: string }[];
  tags: { name: string }[];
  site: SiteOrganization;
}): LdObject {
  return {
    "@type": "BlogPosting",
    headline: post.title.slice(0, 110),
    url: post.url,
    mainEntityOfPage: post.url,
    description: post.excerpt || undefined,
    image: absolute(post.image, post.url),
    datePublished: post.publishedAt ?? undefined,
    author: post.authorName
      ? { "@type": "Person", name: post.authorName }
      : organization(post.site),
    publisher: organization(post.site),
    inLanguage: post.language ?? undefined,
    articleSection: post.categories.map((category) => category.name),
    keywords: post.tags.map((tag) => tag.name).join(", ") || undefined,
  };
}

export function courseLd(course: {
  url: string;
  title: string;
  description: string;
  image: string | null | undefined;
  language: string | null;
  instructors: { name: string }[];
  /** null: not offered (a paid course no product sells yet). */
  offer: LdOffer | null;
  site: SiteOrganization;
}): LdObject {
  return {
    "@type": "Course",
    name: course.title,
    url: course.url,
    description: course.description || course.title,
    image: absolute(course.image, course.url),
    inLanguage: course.language ?? undefined,
    provider: organization(course.site),
    instructor: course.instructors.map((person) => ({ "@type": "Person", name: person.name })),
    offers: course.offer ? [offerOf(course.offer)] : undefined,
    hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online" },
  };
}

export function productLd(product: {
  url: string;
  title: string;
  description: string;
  image: string | null;
  offers: LdOffer[];
  site: SiteOrganization;
}): LdObject {
  return {
    "@type": "Product",
    name: product.title,
    url: product.url,
    description: product.description || undefined,
    image: absolute(product.image, product.url),
    brand: { "@type": "Brand", name: product.site.name },
    offers: product.offers.map(offerOf),
  };
}
