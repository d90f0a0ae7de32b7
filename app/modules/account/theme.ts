// docs/product/screens.md#theme: the app's look, chosen per device in Settings → 'Theme'.
// 'auto' follows the system's light or dark preference; 'light' and 'dark' set it.

export const THEMES = ["auto", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = { auto: "Automatic", light: "Light", dark: "Dark" };

export const isTheme = (value: unknown): value is Theme => THEMES.some((theme) => theme === value);
