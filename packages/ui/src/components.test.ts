import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./components/button.tsx";
import { Card } from "./components/card.tsx";
import { ChoiceMenu } from "./components/choice-menu.tsx";
import { EmptyState } from "./components/empty-state.tsx";
import { Field } from "./components/field.tsx";
import { PageHeader } from "./components/page-header.tsx";
import { RelativeTime } from "./components/relative-time.tsx";
import { cn } from "./lib/utils.ts";
import { attr, render, tag, tags, text } from "./test-utils.ts";

describe("Button", () => {
  it("is a non-submitting button with its variant, and later classes win", () => {
    const button = tag(render(Button, { children: "Save" }), "<button");
    expect(attr(button, "type")).toBe("button");
    expect(attr(button, "data-variant")).toBe("secondary");
    const danger = tag(render(Button, { variant: "danger", size: "sm", type: "submit", className: "h-12" }), "<button");
    expect(attr(danger, "type")).toBe("submit");
    expect(attr(danger, "class")).toContain("bg-destructive");
    expect(attr(danger, "class")).toContain("h-12");
    expect(attr(danger, "class")).not.toContain("h-8"); // tailwind-merge dropped the size's height
  });

  it("renders its child instead with asChild (a link that looks like a button)", () => {
    const html = render(Button, {
      asChild: true,
      variant: "primary",
      children: createElement("a", { href: "/x" }, "Go"),
    });
    expect(tags(html, "<button")).toHaveLength(0);
    expect(attr(tag(html, "<a"), "class")).toContain("bg-primary");
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
    expect(attr(input, "class")).toContain("rounded-md");
    expect(attr(input, "class")).toMatch(/ wide$/);
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
    expect(html).toContain(">body</div>");
  });

  it("renders the page's h1 with its actions", () => {
    const html = render(PageHeader, { title: "Projects", description: "All projects.", actions: "A" });
    expect(text(html, "<h1")).toBe("Projects");
    expect(html).toContain(">A</div>");
  });

  it("renders an empty state with its action", () => {
    const html = render(EmptyState, {
      title: "No projects",
      description: "Create one.",
      action: createElement(Button, null, "New"),
    });
    expect(text(html, 'data-testid="empty-state"')).toBe("No projectsCreate one.New");
    expect(tags(html, "<button")).toHaveLength(1);
  });
});

describe("RelativeTime", () => {
  it("renders the exact time first (server and first client render agree), with the ISO time on hover", () => {
    const html = render(RelativeTime, { date: new Date("2026-11-23T10:05:00Z") });
    const time = tag(html, "<time");
    expect(attr(time, "datetime")).toBe("2026-11-23T10:05:00.000Z");
    expect(attr(time, "title")).toBe("2026-11-23T10:05:00.000Z");
    expect(text(html, "<time")).toBe("2026-11-23 10:05");
    expect(render(RelativeTime, { date: null, fallback: "never" })).toContain(">never</span>");
  });
});

describe("ChoiceMenu", () => {
  it("renders only its button on the server, marked inert until the menu's code has loaded", () => {
    const html = render(ChoiceMenu, {
      trigger: createElement("button", { "aria-label": "Columns", "data-testid": "pick" }, "Columns"),
      choices: [{ id: "a", label: "A", checked: true }],
      onChoose: () => {},
    });
    const button = tag(html, 'data-testid="pick"');
    expect(attr(button, "aria-disabled")).toBe("true");
    expect(text(html, 'data-testid="pick"')).toBe("Columns");
    expect(tags(html, 'role="menu"')).toHaveLength(0);
  });
});

describe("cn", () => {
  it("joins classes, skips falsy ones and lets later Tailwind utilities win", () => {
    expect(cn("px-2", false, undefined, "px-4", { "text-sm": true, hidden: false })).toBe("px-4 text-sm");
  });
});
