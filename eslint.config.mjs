// `npm run lint`: the rules that catch what the type check lets through — unused code and
// promises nobody awaits. Type-aware (each file is checked with its own tsconfig). Only these
// rules: style is the formatter's and the reviewer's, not a linter's.
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["assembly/**", "**/dist/**", "**/build/**", "**/node_modules/**", "web/public/**", "examples/**", "test-results/**", "playwright-report/**", "bench/.cache/**", "**/*.d.ts", "**/*.js", "**/*.mjs"],
  },
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/no-unused-expressions": "error",
      "no-unused-private-class-members": "error",
      "no-unreachable": "error",
      "no-fallthrough": "error",
    },
  },
);
