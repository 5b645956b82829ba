/** What this project uses of MJML 5 (its package ships no types; @types/mjml describes v4). */
declare module "mjml" {
  type MjmlError = { line: number; message: string; tagName: string };
  export default function mjml2html(
    source: string,
    options?: { validationLevel?: "strict" | "soft" | "skip"; minify?: boolean },
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
