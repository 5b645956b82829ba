// The menus' door (client-safe): the header and mobile menus' option, the part their editor
// saves, the editor and the public menus.
export * from "./menus-option";
export { editableMenus, MenuEditor } from "./components/menu-editor";
export { MobileMenu, SiteMenu } from "./components/site-menu";
