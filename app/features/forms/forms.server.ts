// M5 forms, server side: the owner's forms and answers, and a visitor's answer.
export * from "./form-records.server";
export {
  confirmationFor,
  confirmSubscription,
  FORM_CONFIRM_MAIL_JOB,
  formStamp,
  sendConfirmMail,
} from "./form-answers.server";
export { formAnswerLimiter, postForm, postedAnswers, type PostOutcome } from "./form-post.server";
export { builderForms, formRenderFor, formsMarkupFor, formWordsIn } from "./form-render.server";
export { commandForms } from "./form-commands.server";
export { submissionsCsv } from "./submissions-csv.server";
