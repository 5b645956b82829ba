// The error reporter on an island document (decision 048), from its marker's account.
import { installErrorReporter } from "./reporter";

export const enhanceErrorReporter = (marker: HTMLElement) =>
  void installErrorReporter({ accountId: marker.dataset.accountId ?? null });
