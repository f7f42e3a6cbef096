// Lint: recommended JS and TypeScript rules, and lines of at most 120 columns; generated code is skipped.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/generated/**", "**/.next/**", "**/dist/**", "**/test-results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Strings and template literals too (split them: `cn(...)` for classes, concatenation for text); only a
      // comment line holding a URL, or a line that is one quoted URL (a check's references, a `docs:` field, a
      // constant's value), may be longer. max-len is frozen in ESLint 9 (kept until v11) and does the job.
      "max-len": [
        "error",
        { code: 120, ignorePattern: String.raw`^\s*(//|/?\*).*https?://|^\s*(\w+: )?"https?://\S+"[,;]?$` },
      ],
    },
  },
  {
    // One CSV writer (packages/core/src/csv.ts), which neutralises formulas: nothing else may write CSV.
    files: ["**/*.ts", "**/*.tsx"],
    ignores: ["packages/core/src/csv.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["csv-stringify", "csv-stringify/*"], message: "Write CSV with toCsv (core's csv.ts)." }],
        },
      ],
    },
  },
  {
    // Node scripts that use Node's globals without importing them.
    files: ["scripts/*.mjs", "packages/db/scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", WebAssembly: "readonly" } },
  },
);
