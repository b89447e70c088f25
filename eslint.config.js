import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "public/dashboard/build/",
      ".cache/",
      "data/",
      ".e2e-data/",
      ".e2e-data-*/",
      ".build-*/",
      "build-*/",
      "bench/results/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "api/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // Forms take conform's metadata from app/components/use-form.ts, not conform's client runtime
    // (docs/decisions/048: the JavaScript budget of every form page).
    files: ["app/**/*.tsx", "app/**/*.ts"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@conform-to/react",
              importNames: ["useForm", "useField", "useFormMetadata", "useInputControl", "FormProvider"],
              message: "Use useForm from ~/components/use-form (docs/decisions/048).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
