import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';

/**
 * Class families that react-bootstrap composes at run time (`${prefix}-dialog`, `btn-${variant}`), so
 * no source file spells them out: kept whole for every component the app imports. Adding a
 * react-bootstrap component means adding its family here; the browser tests' screen checks
 * (e2e/support/screen-checks.ts) name the classes that are missing otherwise.
 */
const COMPOSED_CLASS_FAMILIES = [
  /^alert/,
  /^btn(-(outline-)?(primary|secondary|danger|warning|light|link)|-lg|-sm)?$/,
  /^card(-body)?$/,
  /^form-(control|select|label|text|check)/,
  /^input-group/,
  /^has-validation$/,
  /^list-group(-item(-action)?)?$/,
  /^modal/,
  /^spinner-border/,
  /^(in)?valid-(feedback|tooltip)$/,
  /^is-(in)?valid$/,
  /^(fade|show|disabled|active)$/,
];

/**
 * Drops the Bootstrap rules no screen uses (most of its 230 kB: the grid tiers, utilities and
 * components the app never renders), which makes the one render-blocking stylesheet small. Class
 * names are taken from the app's sources; see COMPOSED_CLASS_FAMILIES for the rest. Only Bootstrap's
 * stylesheet is purged: the app's own CSS and the date picker's are small and kept as written.
 */
export function unusedBootstrapCssPurge(appRoot: string): Plugin {
  const purge = purgeCss({
    content: [`${appRoot}/index.html`, `${appRoot}/src/**/*.{ts,tsx}`],
    safelist: { standard: COMPOSED_CLASS_FAMILIES },
  }) as Plugin;
  return {
    postcssPlugin: 'unused-bootstrap-css-purge',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (!/[\\/]node_modules[\\/]bootstrap[\\/]/.test(file)) return;
      return purge.OnceExit?.(root, helpers);
    },
  };
}
