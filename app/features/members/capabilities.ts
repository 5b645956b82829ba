/** Capabilities (spec §6). Client-safe: menus mirror them; the server decides with `can`. */
export const capabilities = [
  "manage_options",
  "edit_posts",
  "create_courses",
  "manage_curriculum",
  "manage_students",
  "manage_submissions",
  "manage_stats",
] as const;
export type Capability = (typeof capabilities)[number];

/** The roles every account starts with. `site_owner` holds every capability. */
export const defaultRoles: { name: string; caps: Capability[]; isDefault?: boolean }[] = [
  { name: "student", caps: [], isDefault: true },
  {
    name: "instructor",
    caps: [
      "edit_posts",
      "create_courses",
      "manage_curriculum",
      "manage_students",
      "manage_submissions",
      "manage_stats",
    ],
  },
  { name: "parent", caps: ["manage_stats"] },
  { name: "site_owner", caps: [...capabilities] },
];
