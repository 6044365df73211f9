/** Placeholders such as `${SHADOW_PASSWORD}` stand for secrets injected at deploy time; they are not literals. */
const PLACEHOLDER_RE = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}$|^\{\{[^{}]{1,200}\}\}$/;

/** True for `${ENV_VAR}` (optionally `${ENV_VAR:-default}`) or a `{{ template }}` expression. */
export const isPlaceholder = (value: string): boolean => PLACEHOLDER_RE.test(value.trim());
