import {
  createProduct,
  deleteProduct,
  requireProductManager,
  saveProduct,
  type Managing,
  type ProductSaveAnswer,
} from "./product-editor.server";
import { productCommandSchema } from "./validation";

/**
 * The products screens' action (a JSON body): quick create, save a product whole (id null adds
 * it), delete. A refusal is answered beside the editor's fields, never thrown.
 */
export async function commandProduct(
  managing: Managing,
  body: unknown,
): Promise<ProductSaveAnswer | { ok: true; id: null }> {
  requireProductManager(managing);
  const parsed = productCommandSchema.safeParse(body);
  if (!parsed.success) return { ok: false, code: "request.invalid" };
  const command = parsed.data;
  switch (command.intent) {
    case "create":
      return createProduct(managing, command.product);
    case "save":
      return saveProduct(managing, command.id, command.product);
    case "delete":
      await deleteProduct(managing, command.id);
      return { ok: true, id: null };
  }
}
