/**
 * The platform's own docs (and below, its posts) the demo seed adds (decision 029), read at the base domain's /docs:
 * a heading and a paragraph each section. `parent` names the doc it sits under in the tree.
 */
export type PlatformDoc = {
  title: string;
  slug: string;
  description: string;
  parent?: string;
  sections: [string, string][];
};

export const platformDocs: PlatformDoc[] = [
  {
    title: "Getting started with Lyceum",
    slug: "getting-started",
    description: "Create your site and find your way around its dashboard.",
    sections: [
      [
        "Create your site",
        "Choose Start free on the platform's home page and give your site a name and an address. Your site opens at once at that address, with you as its owner and some starter content to replace.",
      ],
      [
        "Find your way around",
        "Sign in on your site and open the dashboard. Its menu shows what your role may do: as the owner you write posts under Posts, build pages and docs under Pages, and keep your files in the media library.",
      ],
      [
        "Make it yours",
        "Under Site settings, choose your colours and fonts, upload your logo, build your menus and fill in the footer. Visitors see each change on their next page.",
      ],
    ],
  },
  {
    title: "Building pages and docs",
    slug: "pages-and-docs",
    description: "Drag blocks onto a page, publish it, and keep your docs in order.",
    parent: "getting-started",
    sections: [
      [
        "Build a page",
        "Open Pages and choose New page. Drag blocks such as a hero, text, a course list or questions and answers onto the page, fill in their fields, and press Publish. Your page answers at its own address straight away.",
      ],
      [
        "Drafts and revisions",
        "A draft saves itself while you work, and every save keeps a revision you can compare and restore. Schedule a page to go live later, or send it to the trash and bring it back within 30 days.",
      ],
      [
        "Docs in a tree",
        "Docs are pages that live under /docs. On the Docs tab, drag a doc by its handle, or use its arrow buttons, to move it up, down or under another doc, then save the order: the sidebar your readers see follows it.",
      ],
    ],
  },
  {
    title: "Connecting a custom domain",
    slug: "custom-domain",
    description: "Serve your site at your own address, such as learn.example.com.",
    sections: [
      [
        "Point your domain at Lyceum",
        "At your domain's DNS provider, add a CNAME record for the address you want (for example learn.example.com) that points to your site's Lyceum address.",
      ],
      [
        "Attach it to your site",
        "Ask the platform's team to attach the domain to your site. Lyceum then recognises the address: visitors who open it see your site, and your sitemap and links use it.",
      ],
      [
        "Secure connections",
        "Once the DNS change has spread, which can take a few hours, the certificate for HTTPS is issued where your Lyceum server is run. Your platform address keeps working too.",
      ],
    ],
  },
];

/** The platform's own blog posts the demo seed adds (decision 029), read at the base domain's /blog. */
export type PlatformPost = {
  title: string;
  slug: string;
  excerpt: string;
  /** Sanitised HTML, as the posts table keeps it. */
  content: string;
  categories: string[];
};

export const platformPosts: PlatformPost[] = [
  {
    title: "Welcome to Lyceum",
    slug: "welcome-to-lyceum",
    excerpt: "One place to teach, sell and publish: what Lyceum is and where to start.",
    content:
      "<p>Lyceum gives every school, coach and creator a site of their own: courses with lessons and quizzes, a shop with memberships and subscriptions, a blog, pages built from blocks, and docs.</p>" +
      "<h2>Where to start</h2>" +
      '<p>Choose Start free on the home page to create your site, then read <a href="/docs/getting-started">Getting started with Lyceum</a> for a tour of its dashboard.</p>' +
      "<p>News about the platform appears here on this blog.</p>",
    categories: ["News"],
  },
];
