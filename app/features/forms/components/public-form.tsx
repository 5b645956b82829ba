import type { ReactNode } from "react";
import type { CountryOption } from "~/platform/countries";
import {
  formPath,
  SPAM_FIELDS,
  type AnswerIssue,
  type FormField,
  type PublicForm,
} from "../form-shapes";
import { siteFormClasses as classes } from "~/features/site/site";

/** The visitor-facing words of a form, in the page's language (read by the server). */
export type FormWords = {
  submit: string;
  required: string;
  choose: string;
  closed: string;
  issues: Record<AnswerIssue["origin"], string>;
  trap: string;
};

export type FormValues = Record<string, string | string[] | boolean>;

/** Everything a form needs to render on a page: made by the server for each render. */
export type FormRender = {
  form: PublicForm;
  /** The signed time the form was rendered (the server's time-to-fill check). */
  stamp: string;
  /** The page it is on, kept with the answer (consent proof). */
  pageUrl: string;
  /** Hidden fields' values (campaign parameters of the page's address, fixed text). */
  hidden: Record<string, string>;
  countries: CountryOption[];
  words: FormWords;
};

type Props = FormRender & {
  /** A heading above the fields (a block's title); the form's own page has its own. */
  title?: string;
  /** What the visitor sent last time, and what was wrong with it. */
  values?: FormValues;
  issues?: readonly AnswerIssue[];
  alert?: string;
  /** Makes ids unique when a page shows the same form twice (a block and a popup). */
  idPrefix?: string;
  /** The popup the form is shown in: its answers count as the popup's conversions. */
  popupId?: string;
};

/**
 * A site's form as plain HTML: it posts to the form's own address and works without script.
 * The browser checks what HTML can (required, types); the server checks everything again.
 */
export function PublicFormView(props: Props) {
  const { form, words, issues = [], values = {}, idPrefix = "f" } = props;
  const base = `${idPrefix}-${form.id.slice(0, 8)}`;
  if (form.status !== "active")
    return (
      <p className={classes.notice} role="status">
        {words.closed}
      </p>
    );
  return (
    <form
      className={classes.form}
      method="post"
      action={formPath(form.slug)}
      noValidate={issues.length > 0}
    >
      {props.title ? <h2 className={classes.title}>{props.title}</h2> : null}
      {props.alert ? (
        <p className={classes.alert} role="alert">
          {props.alert}
        </p>
      ) : null}
      {form.fields.map((field) => (
        <FieldView
          key={field.name}
          field={field}
          id={`${base}-${field.name}`}
          words={words}
          countries={props.countries}
          value={field.type === "hidden" ? props.hidden[field.name] : values[field.name]}
          issue={issues.find((issue) => issue.field === field.name)}
        />
      ))}
      <div className={classes.trap} aria-hidden="true">
        <label htmlFor={`${base}-${SPAM_FIELDS.honeypot}`}>{words.trap}</label>
        <input
          id={`${base}-${SPAM_FIELDS.honeypot}`}
          name={SPAM_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <input type="hidden" name={SPAM_FIELDS.stamp} value={props.stamp} />
      <input type="hidden" name="_page" value={props.pageUrl} />
      {props.popupId ? <input type="hidden" name="_popup" value={props.popupId} /> : null}
      <button className={classes.button} type="submit">
        {form.submitLabel || words.submit}
      </button>
    </form>
  );
}

const autoComplete: Partial<Record<FormField["type"], string>> = {
  email: "email",
  phone: "tel",
  country: "country",
};

function FieldView({
  field,
  id,
  words,
  countries,
  value,
  issue,
}: {
  field: FormField;
  id: string;
  words: FormWords;
  countries: CountryOption[];
  value: string | string[] | boolean | undefined;
  issue: AnswerIssue | undefined;
}) {
  if (field.type === "hidden")
    return <input type="hidden" name={field.name} value={typeof value === "string" ? value : ""} />;
  const text = typeof value === "string" ? value : "";
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const described = [field.help ? helpId : "", issue ? errorId : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": issue ? true : undefined,
    "aria-describedby": described || undefined,
  };
  const mark = field.required ? (
    <span className={classes.required} aria-hidden="true">
      *
    </span>
  ) : null;
  const after: ReactNode = (
    <>
      {field.help ? (
        <p id={helpId} className={classes.help}>
          {field.help}
        </p>
      ) : null}
      {issue ? (
        <p id={errorId} className={classes.error}>
          {words.issues[issue.origin]}
        </p>
      ) : null}
    </>
  );

  if (field.type === "checkbox" || field.type === "consent")
    return (
      <div className={classes.field}>
        <label className={classes.choice} htmlFor={id}>
          <input type="checkbox" {...common} defaultChecked={value === true} value="on" />
          <span>
            {field.label}
            {mark}
          </span>
        </label>
        {after}
      </div>
    );

  if (field.type === "radio")
    return (
      <fieldset
        className={classes.field}
        aria-describedby={described || undefined}
        aria-invalid={issue ? true : undefined}
      >
        <legend className={classes.label}>
          {field.label}
          {mark}
        </legend>
        {field.options.map((option, index) => (
          <label key={option.value} className={classes.choice} htmlFor={`${id}-${index}`}>
            <input
              type="radio"
              id={`${id}-${index}`}
              name={field.name}
              value={option.value}
              required={field.required}
              defaultChecked={text === option.value}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {after}
      </fieldset>
    );

  const label = (
    <label className={classes.label} htmlFor={id}>
      {field.label}
      {mark}
    </label>
  );

  if (field.type === "select" || field.type === "country") {
    const options =
      field.type === "country"
        ? countries.map((country) => ({ value: country.code, label: country.name }))
        : field.options;
    return (
      <div className={classes.field}>
        {label}
        <select
          className={classes.control}
          {...common}
          autoComplete={autoComplete[field.type]}
          defaultValue={text}
        >
          <option value="">{words.choose}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {after}
      </div>
    );
  }

  return (
    <div className={classes.field}>
      {label}
      {field.type === "textarea" ? (
        <textarea
          className={classes.control}
          {...common}
          rows={4}
          maxLength={5000}
          placeholder={field.placeholder || undefined}
          defaultValue={text}
        />
      ) : (
        <input
          className={classes.control}
          {...common}
          type={field.type === "phone" ? "tel" : field.type === "text" ? "text" : field.type}
          maxLength={500}
          autoComplete={autoComplete[field.type]}
          placeholder={field.placeholder || undefined}
          defaultValue={text}
        />
      )}
      {after}
    </div>
  );
}
