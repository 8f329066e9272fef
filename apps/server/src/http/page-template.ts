/** The build page's links to its own stylesheets (Vite writes one for the entry's CSS). */
const stylesheetLink = /<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The build page with its own stylesheets written into it, so that the frame paints as soon as the
 * page has arrived. Issue 18: on HTTP/1.1's six connections the stylesheet was the page's eleventh
 * request, behind the entry's ten scripts, so on a phone over slow 4G the first paint waited for
 * 146 KB of JavaScript (FCP 2.1-2.7 s in Lighthouse's mobile preset). A stylesheet that cannot be
 * read, or whose text could close the element, keeps its link.
 *
 * The link stays too, disabled, which the browser neither fetches nor applies: Vite's preload helper
 * looks for a stylesheet's link before it loads a lazy chunk that names it, and without one it
 * fetched the whole stylesheet again, at the highest priority, and held the chunk until it came
 * (on the dashboard, the chart).
 */
export function inlineStylesheets(template: string, read: (href: string) => string | undefined): string {
  return template.replace(stylesheetLink, (link, href: string) => {
    const css = read(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`;
  });
}

/** The entry's module script and the modulepreload links Vite writes for its imports. */
const entryScripts = /<(script type="module"|link rel="modulepreload") crossorigin/g;

/**
 * The entry's scripts fetched at low priority. The frame in the page paints without them, so they
 * are not render-blocking, and at High (a module script's default) Lighthouse's phone counted all
 * ten as blocking the first paint, which they never do. Nothing else of the page's competes for
 * the connections while they load, so they arrive as soon as before.
 */
export function scriptsBehindTheFrame(template: string): string {
  return template.replace(entryScripts, '<$1 fetchpriority="low" crossorigin');
}

/** The build page as the server sends it: stylesheets inside, scripts behind the frame. */
export function servedTemplate(template: string, read: (href: string) => string | undefined): string {
  return scriptsBehindTheFrame(inlineStylesheets(template, read));
}
