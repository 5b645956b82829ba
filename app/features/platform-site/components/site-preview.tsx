import classes from "./preview.module.css";

const courses = [
  { color: "var(--mantine-color-violet-4)", progress: 72 },
  { color: "var(--mantine-color-teal-4)", progress: 40 },
  { color: "var(--mantine-color-orange-4)", progress: 90 },
];

/** A drawing of a school's site (header, banner, course cards with progress): pure decoration. */
export function SitePreview() {
  return (
    <div className={classes.window} aria-hidden="true">
      <div className={classes.bar}>
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.address} />
      </div>
      <div className={classes.body}>
        <div className={classes.nav}>
          <span className={classes.logo} />
          <span className={classes.line} style={{ width: 90 }} />
          <span style={{ flex: 1 }} />
          <span className={classes.line} style={{ width: 44 }} />
          <span className={classes.line} style={{ width: 44 }} />
          <span className={classes.line} style={{ width: 44 }} />
        </div>
        <div className={classes.banner} />
        <span className={classes.line} style={{ width: "55%", height: 14 }} />
        <div className={classes.grid}>
          {courses.map((course) => (
            <div key={course.color} className={classes.course}>
              <div className={classes.thumb} style={{ background: course.color }} />
              <div className={classes.courseBody}>
                <span className={classes.line} />
                <span className={classes.line} style={{ width: "60%" }} />
                <span className={classes.progress}>
                  <span style={{ width: `${course.progress}%` }} />
                </span>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
