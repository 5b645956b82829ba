/**
 * Run before any module: Zod (4.x) compiles object parsers with `new Function` unless told not
 * to, and probes for it with `Function("")`. Our pages' policy forbids eval, so the probe was
 * refused and reported as a CSP violation on every page. Interpreted parsing is plenty for a
 * page's forms. Zod reads this global when a schema is built, before `z.config` could run.
 */
export const zodWithoutEvalScript =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
