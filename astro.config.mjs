// Static build of the public site from the latest snapshot (see docs/site.md). Pages are emitted as
// `<path>.html` (build.format "file"), so `/conference/12` is `conference/12.html` beside its Markdown
// rendition `conference/12.md`.
import { defineConfig } from "astro/config";
import { publicBaseUrl } from "./runtime/base-url.ts";

export default defineConfig({
  site: publicBaseUrl(process.env),
  output: "static",
  // The server reads SITE_DIR; the build writes there too, so parallel builds never share ./dist.
  outDir: process.env.SITE_DIR || "dist",
  trailingSlash: "never",
  // English at today's addresses (no prefix, so no link breaks), Simplified Chinese under /zh/ (docs/site.md).
  // The pages live once under src/pages/[...lang]/ and take the language from the address.
  i18n: {
    defaultLocale: "en",
    locales: ["en", "zh"],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  build: {
    format: "file",
    // Two pages at a time: the build machine has two cores.
    concurrency: 2,
  },
  // HTML whitespace rules (lossless), not Astro 7's default JSX rules that drop spaces between lines of text.
  compressHTML: true,
  devToolbar: { enabled: false },
});
