import { describe, expect, test } from "vitest";
import type { MenuItem } from "./menus-option";
import {
  applyDrop,
  buildTree,
  canMove,
  flattenTree,
  getProjection,
  moveItem,
  removeItem,
  withUniqueIds,
} from "./menu-tree";
import { checkMenus, cleanMenu, locateIssue, problemsFromIssues } from "./menu-validation";

const link = (id: string, children?: MenuItem[]): MenuItem => ({
  id,
  label: id,
  item_type: "link",
  item_url: `/${id}`,
  ...(children ? { children } : {}),
});
const mega = (id: string): MenuItem => ({
  id,
  label: id,
  item_type: "megamenu",
  mega_menu: { columnCount: 2, columns: [{ content: "a" }, { content: "b" }] },
});

/** The tree as "id(children…)" for short assertions. */
const shape = (items: MenuItem[]): string =>
  items
    .map((item) => (item.children?.length ? `${item.id}(${shape(item.children)})` : item.id))
    .join(" ");

const sample = () => [link("home"), link("about", [link("story"), link("team")]), link("blog")];

describe("D16 menu tree operations", () => {
  test("D16 flattening and building again gives back the same tree", () => {
    const flat = flattenTree(sample());
    expect(flat.map((entry) => [entry.id, entry.depth, entry.parentId])).toEqual([
      ["home", 0, null],
      ["about", 0, null],
      ["story", 1, "about"],
      ["team", 1, "about"],
      ["blog", 0, null],
    ]);
    expect(buildTree(flat)).toEqual(sample());
  });

  test("D16 the keyboard controls move an item up, down, in and out", () => {
    let items = sample();
    items = moveItem(items, "blog", "up");
    expect(shape(items)).toBe("home blog about(story team)");
    items = moveItem(items, "blog", "indent");
    expect(shape(items)).toBe("home(blog) about(story team)");
    items = moveItem(items, "team", "up");
    expect(shape(items)).toBe("home(blog) about(team story)");
    items = moveItem(items, "team", "outdent");
    expect(shape(items)).toBe("home(blog) about(story) team");
    items = moveItem(items, "home", "down");
    expect(shape(items)).toBe("about(story) home(blog) team");
  });

  test("D16 moves that make no sense are refused: first up, last down, top-level out, under a megamenu", () => {
    const items = [link("home"), mega("courses"), link("blog", [link("a", [link("b")])])];
    expect(canMove(items, "home", "up")).toBe(false);
    expect(canMove(items, "blog", "down")).toBe(false);
    expect(canMove(items, "home", "outdent")).toBe(false);
    expect(canMove(items, "home", "indent")).toBe(false);
    // The item above is a megamenu: it shows columns, never sub-items.
    expect(canMove(items, "blog", "indent")).toBe(false);
    // A third level is the deepest: "b" cannot go further in.
    expect(canMove([link("x", [link("y"), link("z", [link("w")])])], "z", "indent")).toBe(false);
    expect(moveItem(items, "home", "up")).toBe(items);
  });

  test("D16 removing an item removes its sub-items with it", () => {
    expect(shape(removeItem(sample(), "about"))).toBe("home blog");
    expect(shape(removeItem(sample(), "team"))).toBe("home about(story) blog");
  });

  test("D16 dragging: the sideways offset decides the level, bounded by the neighbours", () => {
    const items = sample();
    const flat = flattenTree(items);
    // "blog" dragged over "team" (last sub-item of about), pointer 1 level right: under about.
    const under = getProjection({
      flat,
      activeId: "blog",
      overId: "team",
      offset: 30,
      indentWidth: 28,
      activeHeight: 1,
    });
    expect(under).toEqual({ depth: 1, parentId: "about" });
    expect(shape(applyDrop(items, { activeId: "blog", overId: "team", ...under }))).toBe(
      "home about(story blog team)",
    );
    // Far to the left, between "story" and "team": it may not be shallower than the item
    // after it, or "team" would lose its parent.
    const left = getProjection({
      flat,
      activeId: "home",
      overId: "story",
      offset: -200,
      indentWidth: 28,
      activeHeight: 1,
    });
    expect(left).toEqual({ depth: 1, parentId: "about" });
    // Dragged with its sub-items: they come along.
    const moved = applyDrop(items, { activeId: "about", overId: "blog", parentId: null });
    expect(shape(moved)).toBe("home blog about(story team)");
  });

  test("D16 repeated ids in stored menus are made unique", () => {
    const items = withUniqueIds([link("a"), link("a"), link("b", [link("a")])]);
    const ids = flattenTree(items).map((entry) => entry.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids[0]).toBe("a");
  });
});

describe("D16 menu checks", () => {
  test("D16 a link needs a label and an address; a megamenu needs a column", () => {
    const problems = checkMenus({
      header: [
        { id: "x", label: " ", item_type: "link", item_url: "" },
        {
          id: "m",
          label: "Mega",
          item_type: "megamenu",
          mega_menu: { columnCount: 2, columns: [] },
        },
      ],
      mobile: [{ id: "y", label: "ok", item_type: "label", children: [link("z")] }],
    });
    expect(problems).toEqual({
      header: { x: { label: "label", item_url: "url" }, m: { columns: "columns" } },
      mobile: {},
    });
  });

  test("D16 the server's issue paths lead to the item and field they are about", () => {
    const menus = { header: sample(), mobile: [mega("m")] };
    expect(locateIssue(menus, ["header", 1, "children", 1, "label"])).toEqual({
      kind: "header",
      id: "team",
      field: "label",
    });
    expect(locateIssue(menus, ["mobile", 0, "mega_menu", "columns", 1, "colSpan"])).toEqual({
      kind: "mobile",
      id: "m",
      field: "columns.1.colSpan",
    });
    expect(
      problemsFromIssues(menus, [{ path: "header.2.item_url", code: "too_big" }]).header,
    ).toEqual({ blog: { item_url: "urlTooLong" } });
  });

  test("D16 saving keeps only what each type uses", () => {
    const cleaned = cleanMenu([
      {
        id: "a",
        label: " Label ",
        item_type: "label",
        item_url: "/x",
        mega_menu: mega("q").mega_menu,
      },
      { ...mega("m"), item_url: " https://example.org " },
    ]);
    expect(cleaned).toEqual([
      { id: "a", label: "Label", item_type: "label" },
      { ...mega("m"), item_url: "https://example.org" },
    ]);
  });
});
