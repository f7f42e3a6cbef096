// Helpers for the static-markup tests (not exported from the package).
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Renders a component to HTML, without JSX (the tests are .ts files). */
export function render<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

/** Every opening tag that matches, e.g. tags(html, 'data-testid="bar"'). */
export function tags(html: string, needle: string): string[] {
  return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).filter((tag) => tag.includes(needle));
}

/** The one opening tag that matches; throws when there are none or several. */
export function tag(html: string, needle: string): string {
  const found = tags(html, needle);
  if (found.length !== 1) throw new Error(`expected one tag with ${needle}, found ${found.length}:\n${html}`);
  return found[0]!;
}

/** An attribute's value in an opening tag (undefined when absent). */
export function attr(openingTag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, "i").exec(openingTag)?.[1]; // HTML names are case-insensitive
}

/** Text content of the element whose opening tag matches. */
export function text(html: string, needle: string): string {
  const open = tag(html, needle);
  const name = /^<([a-zA-Z0-9]+)/.exec(open)![1]!;
  const start = html.indexOf(open) + open.length;
  // Find the matching close tag, skipping nested elements of the same name.
  const re = new RegExp(`<(/?)${name}\\b[^>]*>`, "g");
  re.lastIndex = start;
  let depth = 1;
  let end = html.length;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      end = m.index;
      break;
    }
  }
  return html
    .slice(start, end)
    .replace(/<[^>]*>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}
