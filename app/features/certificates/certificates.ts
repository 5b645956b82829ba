// The certificates feature's client-safe door: the template option and its part, the shapes the
// screens read, and the screens.
export * from "./certificate-option";
export { CertificateVerificationPage } from "./components/verification-page";
export { MemberCertificates } from "./components/member-certificates";
export { CertificateTemplateEditor } from "./components/template-editor";
export { CertificateEarned } from "./components/certificate-earned";
