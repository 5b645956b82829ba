import classes from "./components/stored-html.module.css";

/** The class a public screen gives stored post or page HTML, so its embedded players have a size. */
export const storedHtmlClass = classes.html;
