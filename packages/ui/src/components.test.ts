import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClassName } from "./Button.tsx";
import { Card } from "./Card.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { Field } from "./Field.tsx";
import { PageHeader } from "./PageHeader.tsx";
import { ToastProvider, useToast } from "./Toast.tsx";
import { attr, render, tag, tags, text } from "./test-utils.ts";

describe("Button", () => {
  it("is a non-submitting button with variant and size classes", () => {
    const button = tag(render(Button, { children: "Save" }), "<button");
    expect(attr(button, "type")).toBe("button");
    expect(attr(button, "class")).toBe("ems-button ems-button--secondary ems-button--md");
    expect(attr(tag(render(Button, { variant: "danger", size: "sm", type: "submit" }), "<button"), "class")).toBe(
      "ems-button ems-button--danger ems-button--sm",
    );
    expect(buttonClassName("primary", "lg", "wide")).toBe("ems-button ems-button--primary ems-button--lg wide");
  });

  it("is disabled and busy while loading", () => {
    const button = tag(render(Button, { loading: true, children: "Save" }), "<button");
    expect(attr(button, "disabled")).toBe("");
    expect(attr(button, "aria-busy")).toBe("true");
  });
});

describe("Field", () => {
  it("labels its control and points it at the hint and the error", () => {
    const html = render(Field, {
      label: "Project name",
      hint: "Shown in reports.",
      error: "Required.",
      required: true,
      children: createElement("input", { name: "name", className: "wide" }),
    });
    const input = tag(html, "<input");
    const id = attr(input, "id")!;
    expect(text(html, `for="${id}"`)).toBe("Project name *");
    expect(attr(input, "class")).toBe("ems-control wide");
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(attr(input, "aria-required")).toBe("true");
    const [hintId, errorId] = attr(input, "aria-describedby")!.split(" ");
    expect(text(html, `id="${hintId}"`)).toBe("Shown in reports.");
    expect(text(html, `id="${errorId}"`)).toBe("Required.");
    expect(attr(tag(html, `id="${errorId}"`), "data-testid")).toBe("field-error");
  });

  it("keeps the control's own id and describedby, and passes the props to a render function", () => {
    const html = render(Field, {
      label: "Notes",
      children: createElement("textarea", { id: "notes", "aria-describedby": "other" }),
    });
    const textarea = tag(html, "<textarea");
    expect(attr(textarea, "id")).toBe("notes");
    expect(attr(textarea, "aria-describedby")).toBe("other");
    expect(attr(textarea, "aria-invalid")).toBeUndefined();
    expect(tag(html, "<label")).toContain('for="notes"');

    const custom = render(Field, {
      label: "Role",
      id: "role",
      hint: "h",
      children: (control) => createElement("select", control),
    });
    expect(attr(tag(custom, "<select"), "aria-describedby")).toBe("role-hint");
  });
});

describe("Card, PageHeader and EmptyState", () => {
  it("renders a card section named by its title", () => {
    const html = render(Card, { title: "Assets", actions: createElement(Button, null, "Add"), children: "body" });
    const section = tag(html, "<section");
    expect(text(html, `id="${attr(section, "aria-labelledby")}"`)).toBe("Assets");
    expect(tags(html, "<h2")).toHaveLength(1);
    expect(text(html, 'class="ems-card__body"')).toBe("body");
  });

  it("renders the page's h1 with its actions", () => {
    const html = render(PageHeader, { title: "Projects", description: "All projects.", actions: "A" });
    expect(text(html, "<h1")).toBe("Projects");
    expect(text(html, 'class="ems-page-header__actions"')).toBe("A");
  });

  it("renders an empty state with its action", () => {
    const html = render(EmptyState, {
      title: "No projects",
      description: "Create one.",
      action: createElement(Button, null, "New"),
    });
    expect(text(html, 'class="ems-empty__title"')).toBe("No projects");
    expect(tags(html, "<button")).toHaveLength(1);
  });
});

describe("Toasts", () => {
  it("renders an empty polite status region up front, never an alert", () => {
    const html = render(ToastProvider, { children: "page" });
    const region = tag(html, 'data-testid="toast-region"');
    expect(attr(region, "role")).toBe("status");
    expect(attr(region, "aria-live")).toBe("polite");
    expect(html).not.toContain('role="alert"');
    expect(html.startsWith("page")).toBe(true);
  });

  it("gives useToast its API inside the provider and an error outside", () => {
    let api: ReturnType<typeof useToast> | undefined;
    function Probe(): ReactNode {
      api = useToast();
      return null;
    }
    renderToStaticMarkup(createElement(ToastProvider, null, createElement(Probe)));
    expect(Object.keys(api!).sort()).toEqual(["error", "info", "success"]);
    expect(() => renderToStaticMarkup(createElement(Probe))).toThrow(/inside <ToastProvider>/);
  });
});
