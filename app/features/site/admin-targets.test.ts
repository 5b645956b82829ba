import { describe, expect, test } from "vitest";
import { editTargetFor } from "./admin-targets";

describe("admin bar edit targets", () => {
  test.each([
    ["/about", "/dashboard/pages/about"],
    ["/", "/dashboard/pages/"],
    ["/blog", "/dashboard/posts/"],
    ["/blog/first-post", "/dashboard/posts/first-post"],
    ["/course", "/dashboard/course/"],
    ["/course/intro-to-robots", "/dashboard/course/intro-to-robots"],
    ["/course/category/robotics", "/dashboard/manage/elearning/caetgory"],
    ["/members/ada", "/dashboard/manage/user"],
  ])("P17 edit page for %s goes to %s", (path, target) => {
    expect(editTargetFor(path)).toBe(target);
  });
});
