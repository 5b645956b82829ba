import type { AccountSettings } from "~/features/accounts/accounts";
import type { CourseLevel, LessonType } from "~/features/courses/courses";
import type { MenuItem } from "~/features/menus/menus";

/** The coupon the demo's header notice names (seeded with the demo's checkout). */
export const DEMO_COUPON = "SPRING20";

/** Password of every seeded demo person (README). Demo data only: set SEED_DEMO=false for real sites. */
export const demoPassword = "Lyceum-Demo-2026!";

export type DemoSite = {
  slug: string;
  people: { email: string; name: string; role: string }[];
  settings: AccountSettings;
  menus: { header: MenuItem[]; mobile: MenuItem[] };
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  theme: Record<string, unknown>;
  /** misc.scripts: the owner's custom scripts block (P13). */
  scripts: string;
  posts: {
    title: string;
    slug: string;
    excerpt: string;
    content: string;
    featured: string;
    daysAgo: number;
    /** Published versions in other languages (decision 025), read at the same address. */
    translations?: { language: string; title: string; excerpt: string; content: string }[];
  }[];
  pages: {
    title: string;
    slug: string;
    description: string;
    text: string;
    translations?: { language: string; title: string; description: string; text: string }[];
  }[];
  /** Documentation pages at /docs/{slug}, in this order: a heading and paragraphs each. */
  docs?: {
    title: string;
    slug: string;
    description: string;
    sections: [string, string][];
    translations?: {
      language: string;
      title: string;
      description: string;
      sections: [string, string][];
    }[];
  }[];
  /** Course categories (the catalogue's filter), in this order. */
  courseCategories?: { name: string; slug: string; description: string }[];
  courses: {
    title: string;
    slug: string;
    description: string;
    image: string;
    price: number;
    subtitle?: string;
    /** A category's slug (courseCategories). */
    category?: string;
    level?: CourseLevel;
    /** The author's email (one of `people`); the course is theirs in the builder. */
    author?: string;
    /** Lesson titles of one section "Lessons" (a short outline)… */
    lessons?: string[];
    /** …or a curriculum of sections and typed lessons. */
    sections?: { title: string; lessons: DemoLesson[] }[];
  }[];
  /** What the seed names itself in the site's language: a short outline's section, the quiz. */
  outline?: DemoOutline;
};

export type DemoOutline = { lessonsSection: string; quizTitle: string; quizLesson: string };

export const englishOutline: DemoOutline = {
  lessonsSection: "Lessons",
  quizTitle: "Check your understanding",
  quizLesson: "Quiz: check your understanding",
};

/** A lesson of the demo: text by default; a video, a PDF attachment or a free preview as said. */
export type DemoLesson = {
  title: string;
  type?: LessonType;
  html?: string;
  video?: { source: "youtube" | "vimeo"; url: string };
  files?: { name: string; url: string }[];
  freePreview?: boolean;
  durationMinutes?: number;
};

/** Every lesson of a demo course, in order (its outline or its sections'). */
export const demoLessons = (course: DemoSite["courses"][number]): DemoLesson[] => [
  ...(course.lessons ?? []).map((title) => ({ title })),
  ...(course.sections ?? []).flatMap((section) => section.lessons),
];

const day = 86_400_000;

export const demoSite: DemoSite = {
  slug: "demo",
  people: [
    { email: "owner@demo.test", name: "Olivia Owner", role: "site_owner" },
    { email: "teacher@demo.test", name: "Theo Teacher", role: "instructor" },
    { email: "student@demo.test", name: "Sam Student", role: "student" },
    { email: "parent@demo.test", name: "Pat Parent", role: "parent" },
  ],
  settings: {
    sitetitle: "Demo Academy",
    description: "Practical courses on design, code and creative work.",
    currency: "USD",
    defaultLanguage: "en",
    plan: "professional",
    onboard: true,
    logo: "/media/demo/logo.svg",
    dark_logo: "/media/demo/logo-dark.svg",
    logo_width: 9,
    features: ["lms", "groups", "appointments"],
  },
  menus: {
    header: [
      { id: "home", label: "Home", item_url: "/", item_type: "link" },
      {
        id: "courses",
        label: "Courses",
        item_url: "/course",
        item_type: "megamenu",
        mega_menu: {
          columnCount: 3,
          columns: [
            {
              content:
                "<strong>Design</strong><p>Colour, type and layout from first principles.</p>",
              colSpan: 1,
            },
            {
              content: "<strong>Code</strong><p>Web development for complete beginners.</p>",
              colSpan: 1,
            },
            {
              content: "<strong>Create</strong><p>Photography, video and storytelling.</p>",
              colSpan: 1,
              rowSpan: 1,
            },
          ],
        },
      },
      { id: "blog", label: "Blog", item_url: "/blog", item_type: "link" },
      {
        id: "about",
        label: "About",
        item_type: "label",
        children: [
          { id: "about-us", label: "Our story", item_url: "about", item_type: "link" },
          {
            id: "teachers",
            label: "Teachers",
            item_type: "label",
            children: [
              { id: "join", label: "Teach with us", item_url: "teach", item_type: "link" },
            ],
          },
          {
            id: "community",
            label: "Community forum",
            item_url: "https://community.example.org",
            item_type: "link",
          },
        ],
      },
    ],
    mobile: [
      { id: "m-home", label: "Home", item_url: "/" },
      { id: "m-courses", label: "Courses", item_url: "/course" },
      { id: "m-blog", label: "Blog", item_url: "/blog" },
      { id: "m-about", label: "Our story", item_url: "about" },
    ],
  },
  header: {
    header_style: "solid",
    header_fix: true,
    header_fontsize: 15,
    notices: {
      enable_header_notice: true,
      header_notice: `Spring enrolment is open: every course 20% off this week with code ${DEMO_COUPON}.`,
      header_notice_bg: "#1864ab",
      header_notice_start: Date.now() - 7 * day,
      header_notice_expire: Date.now() + 365 * day,
    },
  },
  footer: {
    footer_columns: [
      {
        title: "Demo Academy",
        type: "text",
        width: 4,
        data: "Learn by making things, with teachers who make things for a living.",
      },
      {
        title: "Learn",
        type: "links",
        width: 4,
        data: [
          { label: "All courses", url: "/course" },
          { label: "Blog", url: "/blog" },
          { label: "Help centre", url: "/docs" },
        ],
      },
      {
        title: "Company",
        type: "links",
        width: 4,
        data: [
          { label: "Our story", url: "/about" },
          { label: "Teach with us", url: "/teach" },
        ],
      },
    ],
    footer_bottom: "© Demo Academy",
    footer_bottom_links: [
      { label: "Privacy", url: "/privacy" },
      { label: "Terms", url: "/terms" },
    ],
    enable_footer_notice: true,
    footer_notice: "Every course comes with lifetime access and a 30-day refund promise.",
    footer_notice_bg: "#edf2ff",
  },
  theme: { bodyStyle: "full", primaryColor: "indigo" },
  // A harmless owner script, so the demo shows (and tests prove) where custom scripts run.
  scripts: '<script>document.documentElement.dataset.ownerScript = "1";</script>',
  posts: [
    {
      title: "Five habits of people who finish online courses",
      slug: "finish-online-courses",
      excerpt: "Most learners stop in week two. Here is what the ones who finish do differently.",
      content: "<p>Schedule it, share it, ship something small every week.</p>",
      featured: "/media/demo/post-habits.svg",
      daysAgo: 1,
    },
    {
      title: "Colour theory in ten minutes",
      slug: "colour-theory",
      excerpt: "Hue, value and saturation, explained with one picture each.",
      content: "<p>Start with value: squint at your design.</p>",
      featured: "/media/demo/post-colour.svg",
      daysAgo: 4,
      translations: [
        {
          language: "es",
          title: "Teoría del color en diez minutos",
          excerpt: "Tono, valor y saturación, explicados con una imagen cada uno.",
          content: "<p>Empieza por el valor: entrecierra los ojos ante tu diseño.</p>",
        },
        {
          language: "fr",
          title: "La théorie des couleurs en dix minutes",
          excerpt: "Teinte, valeur et saturation, expliquées avec une image chacune.",
          content: "<p>Commencez par la valeur : plissez les yeux devant votre maquette.</p>",
        },
      ],
    },
    {
      title: "Why we teach HTML before frameworks",
      slug: "html-first",
      excerpt: "The web platform is the framework. Learn it once, use it for decades.",
      content: "<p>Frameworks come and go; the platform stays.</p>",
      featured: "/media/demo/post-html.svg",
      daysAgo: 9,
    },
    {
      title: "Meet our new photography teacher",
      slug: "new-photography-teacher",
      excerpt: "Twenty years behind the lens, now teaching light and composition.",
      content: "<p>Welcome aboard!</p>",
      featured: "/media/demo/post-photo.svg",
      daysAgo: 15,
    },
  ],
  pages: [
    {
      title: "Our story",
      slug: "about",
      description: "How Demo Academy started.",
      text: "We started Demo Academy in a kitchen with one laptop and a lot of questions.",
      translations: [
        {
          language: "es",
          title: "Nuestra historia",
          description: "Cómo empezó Demo Academy.",
          text: "Empezamos Demo Academy en una cocina, con un portátil y muchas preguntas.",
        },
      ],
    },
    {
      title: "Teach with us",
      slug: "teach",
      description: "Become a Demo Academy teacher.",
      text: "Share what you know with thousands of motivated learners.",
    },
    {
      title: "Privacy",
      slug: "privacy",
      description: "How we handle your data.",
      text: "We collect only what we need to teach you well.",
    },
    {
      title: "Terms",
      slug: "terms",
      description: "The terms of learning with Demo Academy.",
      text: "Courses are for your own learning; refunds within 30 days, no questions asked.",
    },
  ],
  docs: [
    {
      title: "Getting started",
      slug: "getting-started",
      description: "Create your account and find your way around.",
      sections: [
        [
          "Create your account",
          "Choose Sign up at the top of any page, enter your name, e-mail address and a password, then confirm your address with the link we send you.",
        ],
        [
          "Find a course",
          "Open Courses to see the whole catalogue. Each course page lists its lessons so you know what you will learn before you start.",
        ],
      ],
      translations: [
        {
          language: "es",
          title: "Primeros pasos",
          description: "Crea tu cuenta y aprende a moverte por el sitio.",
          sections: [
            [
              "Crea tu cuenta",
              "Elige Registrarse en la parte superior de cualquier página, escribe tu nombre, tu correo electrónico y una contraseña, y confirma tu dirección con el enlace que te enviamos.",
            ],
            [
              "Encuentra un curso",
              "Abre Cursos para ver todo el catálogo. Cada curso muestra sus lecciones, para que sepas qué aprenderás antes de empezar.",
            ],
          ],
        },
      ],
    },
    {
      title: "Taking a course",
      slug: "taking-a-course",
      description: "Lessons, progress and certificates.",
      sections: [
        [
          "Lessons",
          "Work through the lessons in order. Your progress is saved as you go, on any device you sign in from.",
        ],
        [
          "Certificates",
          "When you finish every lesson of a course, your certificate is ready to download from your account.",
        ],
      ],
    },
    {
      title: "Payments and refunds",
      slug: "payments-and-refunds",
      description: "How to pay, use a coupon and ask for a refund.",
      sections: [
        [
          "Paying",
          "Add a course to your cart and proceed to checkout. We accept cards and PayPal; coupon codes go in the box in the cart.",
        ],
        [
          "Refunds",
          "Not happy? Write to us within 14 days of buying a course and we will refund you in full.",
        ],
      ],
    },
  ],
  courseCategories: [
    { name: "Design", slug: "design", description: "Colour, type, layout and the eye for them." },
    { name: "Development", slug: "development", description: "Build for the web, step by step." },
    { name: "Photography", slug: "photography", description: "Light and composition, any camera." },
  ],
  courses: [
    {
      title: "Design Foundations",
      slug: "design-foundations",
      subtitle: "See, choose and arrange like a designer",
      description:
        "<p>Colour, typography and layout for absolute beginners. Five short lessons, one poster at the end.</p>",
      image: "/media/demo/course-design.svg",
      price: 4900,
      category: "design",
      level: "beginner",
      author: "teacher@demo.test",
      sections: [
        {
          title: "Getting started",
          lessons: [
            {
              title: "Seeing like a designer",
              freePreview: true,
              durationMinutes: 6,
              html: "<p>Design starts with looking. Before you choose a colour or a font, squint at a page you like: what do you see first, second, third? That order is the page's <strong>hierarchy</strong>, and every lesson of this course is a way to control it.</p><p>Download the checklist below and keep it beside you while you work.</p>",
              files: [{ name: "Design checklist (PDF)", url: "/media/demo/design-checklist.pdf" }],
            },
            {
              title: "Why design matters",
              type: "video",
              durationMinutes: 10,
              video: { source: "youtube", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" },
            },
          ],
        },
        {
          title: "The three tools",
          lessons: [
            {
              title: "Colour",
              durationMinutes: 12,
              html: "<p>Pick one main colour, one accent and a neutral. Use the accent only where you want the eye to land.</p>",
            },
            {
              title: "Type",
              durationMinutes: 12,
              html: "<p>Two typefaces are plenty: one for headings, one for text. Size and weight do the rest.</p>",
            },
            {
              title: "Layout",
              durationMinutes: 14,
              html: "<p>Align everything to a grid and give related things less space between them than unrelated ones.</p>",
            },
          ],
        },
        {
          title: "Project",
          lessons: [
            {
              title: "Your first poster",
              durationMinutes: 30,
              html: "<p>Make an A3 poster for an event you would like to attend, using what you learned. Print it and look at it from three metres away.</p>",
            },
          ],
        },
      ],
    },
    {
      title: "The Web from Scratch",
      slug: "web-from-scratch",
      subtitle: "Build and publish your own site",
      description: "<p>HTML, CSS and a little JavaScript: build and publish your own site.</p>",
      image: "/media/demo/course-web.svg",
      price: 7900,
      category: "development",
      level: "beginner",
      author: "teacher@demo.test",
      sections: [
        {
          title: "Foundations",
          lessons: [
            {
              title: "How the web works",
              freePreview: true,
              durationMinutes: 8,
              html: "<p>A browser asks a server for a page at an address; the server answers with HTML, and the browser draws it. Everything else builds on that one exchange.</p>",
            },
            {
              title: "HTML",
              durationMinutes: 20,
              html: "<p>Headings, paragraphs, links and images: the structure of every page.</p>",
            },
          ],
        },
        {
          title: "Style and behaviour",
          lessons: [
            {
              title: "CSS",
              durationMinutes: 25,
              html: "<p>Selectors, the box model and a flexible layout.</p>",
            },
            {
              title: "JavaScript basics",
              durationMinutes: 25,
              html: "<p>Variables, functions and reacting to a click.</p>",
            },
            {
              title: "Publishing",
              durationMinutes: 10,
              html: "<p>Put your site online and share its address.</p>",
            },
          ],
        },
      ],
    },
    {
      title: "Photography with Any Camera",
      slug: "photography",
      subtitle: "Light, composition and editing",
      description: "<p>Light, composition and editing with the camera you already own.</p>",
      image: "/media/demo/course-photo.svg",
      price: 0,
      category: "photography",
      level: "all",
      sections: [
        {
          title: "Taking the picture",
          lessons: [
            {
              title: "Light",
              freePreview: true,
              durationMinutes: 9,
              html: "<p>Photograph the same object by a window at three times of day and compare the shadows.</p>",
            },
            {
              title: "Composition",
              durationMinutes: 11,
              html: "<p>The rule of thirds, leading lines, and when to break both.</p>",
            },
          ],
        },
        {
          title: "After the picture",
          lessons: [
            {
              title: "Editing",
              durationMinutes: 15,
              html: "<p>Crop, straighten, then adjust exposure before colour.</p>",
            },
          ],
        },
      ],
    },
  ],
};

export const acmeSite: DemoSite = {
  slug: "acme",
  people: [{ email: "owner@acme.test", name: "Ada Acme", role: "site_owner" }],
  settings: {
    sitetitle: "Acme Robotics Institute",
    description: "Hands-on robotics and electronics training for engineers.",
    currency: "EUR",
    defaultLanguage: "en",
    plan: "starter",
    logo: "/media/acme/logo.svg",
    dark_logo: "/media/acme/logo-dark.svg",
    logo_width: 10,
    features: ["lms"],
  },
  menus: {
    header: [
      {
        id: "programs",
        label: "Programs",
        item_url: "/course",
        item_type: "link",
        children: [
          { id: "p-robotics", label: "Robotics 101", item_url: "/course/robotics-101" },
          { id: "p-pcb", label: "PCB Design", item_url: "/course/pcb-design" },
        ],
      },
      { id: "news", label: "News", item_url: "/blog", item_type: "link" },
      { id: "labs", label: "Labs", item_url: "labs", item_type: "link" },
      { id: "contact", label: "Contact", item_url: "contact", item_type: "link" },
    ],
    mobile: [
      { id: "m-programs", label: "Programs", item_url: "/course" },
      { id: "m-news", label: "News", item_url: "/blog" },
      { id: "m-contact", label: "Contact", item_url: "contact" },
    ],
  },
  header: {
    header_style: "transparent",
    header_fix: false,
    header_fontsize: 16,
    notices: {
      enable_header_notice: true,
      header_notice: "Open day in Lyon on Saturday: tour the labs and meet the instructors.",
      header_notice_bg: "#212529",
      header_notice_start: Date.now() - 2 * day,
      header_notice_expire: Date.now() + 365 * day,
    },
  },
  footer: {
    footer_columns: [
      {
        title: "Acme Robotics Institute",
        type: "text",
        width: 6,
        data: "Training engineers since 1998. Workshops in Lyon, Turin and online.",
      },
      {
        title: "Visit",
        type: "links",
        width: 6,
        data: [
          { label: "Labs", url: "/labs" },
          { label: "Contact", url: "/contact" },
        ],
      },
    ],
    footer_bottom: "© Acme Robotics Institute",
    footer_bottom_links: [{ label: "Imprint", url: "/contact" }],
    enable_footer_notice: true,
    footer_notice: "Workshops are taught in English and French.",
    footer_notice_bg: "#fff4e6",
  },
  theme: {
    bodyStyle: "boxed",
    primaryColor: "orange",
    fontFamily: "Georgia, 'Times New Roman', serif",
    headingsFontFamily: "Georgia, serif",
  },
  scripts: '<script>document.documentElement.dataset.ownerScript = "1";</script>',
  posts: [
    {
      title: "New soldering lab opens in Lyon",
      slug: "lyon-soldering-lab",
      excerpt: "Twelve new benches, fume extraction and a reflow oven.",
      content: "<p>Come and see it on our open day.</p>",
      featured: "/media/acme/post-lab.svg",
      daysAgo: 2,
    },
    {
      title: "Our students won the regional robot league",
      slug: "robot-league",
      excerpt: "A line follower built in six weeks took first place.",
      content: "<p>Congratulations to the team!</p>",
      featured: "/media/acme/post-robot.svg",
      daysAgo: 12,
    },
  ],
  pages: [
    {
      title: "Labs",
      slug: "labs",
      description: "Our workshops.",
      text: "Three fully equipped electronics labs, open to students every weekday.",
    },
    {
      title: "Contact",
      slug: "contact",
      description: "Reach the institute.",
      text: "Write to hello@acme.example or visit us in Lyon.",
    },
  ],
  courses: [
    {
      title: "Robotics 101",
      slug: "robotics-101",
      description: "Motors, sensors and control loops on a real robot kit.",
      image: "/media/acme/course-robotics.svg",
      price: 29900,
      lessons: ["Motors", "Sensors", "Control loops", "Your robot"],
    },
    {
      title: "PCB Design",
      slug: "pcb-design",
      description: "From schematic to a manufactured board.",
      image: "/media/acme/course-pcb.svg",
      price: 19900,
      lessons: ["Schematics", "Layout", "Manufacturing"],
    },
  ],
};

/** An Arabic site: shows right-to-left layout and the account's language setting. */
export const soukSite: DemoSite = {
  slug: "souk",
  people: [],
  settings: {
    sitetitle: "أكاديمية السوق",
    description: "دورات في التجارة الإلكترونية",
    currency: "AED",
    defaultLanguage: "ar",
    plan: "starter",
    features: ["lms"],
  },
  outline: {
    lessonsSection: "الدروس",
    quizTitle: "اختبر فهمك",
    quizLesson: "اختبار: اختبر فهمك",
  },
  menus: {
    header: [
      { id: "home", label: "الرئيسية", item_url: "/" },
      { id: "courses", label: "الدورات", item_url: "/course" },
      { id: "blog", label: "المدونة", item_url: "/blog" },
    ],
    mobile: [{ id: "m-home", label: "الرئيسية", item_url: "/" }],
  },
  header: { header_style: "solid" },
  footer: {
    footer_columns: [
      {
        title: "أكاديمية السوق",
        type: "text",
        width: 12,
        data: "تعلم البيع عبر الإنترنت خطوة بخطوة.",
      },
    ],
    footer_bottom: "© أكاديمية السوق",
  },
  theme: { bodyStyle: "full", primaryColor: "teal" },
  scripts: "",
  posts: [
    {
      title: "كيف تبدأ متجرك الأول",
      slug: "first-store",
      excerpt: "خمس خطوات بسيطة لإطلاق متجرك على الإنترنت.",
      content: "<p>ابدأ بمنتج واحد.</p>",
      featured: "/media/demo/post-habits.svg",
      daysAgo: 3,
    },
  ],
  pages: [],
  courses: [
    {
      title: "أساسيات التجارة الإلكترونية",
      slug: "ecommerce-basics",
      description: "من الفكرة إلى أول عملية بيع.",
      image: "/media/demo/course-web.svg",
      price: 0,
      lessons: ["الفكرة", "المتجر", "التسويق"],
    },
  ],
};

export const demoSites = [demoSite, acmeSite, soukSite];
