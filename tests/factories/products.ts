// Moved to scripts/demo-rows (the demo seed writes these too; production never imports tests/).
export * from "../../scripts/demo-rows/products";
