// M5 forms, both sides of the wire: shapes, the D15 display of answers, and the screens.
export * from "./form-shapes";
export { countryName, displayFieldValue, type FormFieldDefinition } from "./field-display";
export { FieldValue } from "./components/field-value";
export {
  PublicFormView,
  type FormRender,
  type FormValues,
  type FormWords,
} from "./components/public-form";
export { FormPage, type FormPageState } from "./components/form-page";
export { ConfirmSubscriptionScreen } from "./components/confirm-screen";
export { FormsScreen } from "./components/forms-screen";
