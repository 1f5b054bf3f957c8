import { defineConfig, minimal2023Preset } from "@vite-pwa/assets-generator/config";

/**
 * The installable app's PNG icons, made from the crest (public/favicon.svg) by `npm run icons -w
 * @koc/web` and committed in public/ (the build needs no image tool). The maskable icon
 * keeps the crest inside the safe zone on the crest's own navy.
 */
export default defineConfig({
  headLinkOptions: { preset: "2023" },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: "#0f1530" } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: "#0f1530" } },
  },
  images: ["public/favicon.svg"],
});
