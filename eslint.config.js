import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const UNSAFE_SQL = { selector: "CallExpression[callee.property.name='unsafe']", message: "No string-built SQL: use a drizzle builder (app/) or a parameterised sql template (geo/, db/)." };

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".data/", "tmp/", "test-results/", "playwright-report/", "public/build/", ".ab/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // In TypeScript files the typecheck reports unused locals and parameters (tsconfig's noUnusedLocals and
  // noUnusedParameters, at almost no cost to TypeScript 7); this rule was 60 % of the lint's rule time
  // (decision 0343). JavaScript files are not type-checked (checkJs is off): the rule stays for them.
  { files: ["**/*.ts", "**/*.tsx"], rules: { "@typescript-eslint/no-unused-vars": "off" } },
  // Layers (docs/decisions/0300): core/ imports no layer; geo/ and db/ never import app/, without exception.
  {
    files: ["core/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**", "**/geo/**", "**/db/**"], message: "core/ is below every layer: it imports no app/, geo/ or db/ module." }] }],
    },
  },
  // media/ (image processing and storage, docs/decisions/0319) sits below app/ and db/: it imports only core/.
  {
    files: ["media/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**", "**/geo/**", "**/db/**"], message: "media/ is below app/ and db/: it imports only core/." }] }],
    },
  },
  {
    files: ["geo/**", "db/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/app/**"], message: "geo/ and db/ never import app/: move what both need into core/." }] }],
    },
  },
  // One query style per layer (docs/decisions/0301). No string-built SQL, except DDL and statements built
  // from constants (table names, the importer's shared SELECTs) in the importers, migrations and seed.
  {
    files: ["app/**", "geo/**", "db/**", "core/**", "media/**"],
    ignores: ["geo/import/**", "geo/roads-admin.ts", "db/migrate.ts", "db/seed/**"],
    rules: {
      "no-restricted-syntax": ["error", UNSAFE_SQL],
    },
  },
  // app/ services: the drizzle builder, and drizzle's `sql` template (through db().execute) where the builder cannot say it.
  // A drizzle transaction hands geo/ functions its postgres.js client (sqlClientOf, docs/decisions/0318); app/ sends no
  // template of its own on it, nor on the pool, and does not import postgres.js.
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "postgres", message: "app/ queries use drizzle (docs/decisions/0301); geo/ functions take the postgres.js client they are handed." }] }],
      "no-restricted-syntax": [
        "error",
        UNSAFE_SQL,
        { selector: "TaggedTemplateExpression[tag.callee.name=/^(sql|sqlClientOf)$/]", message: "app/ queries use the drizzle builder or drizzle's sql template through db().execute (docs/decisions/0301)." },
      ],
    },
  },
  // geo/: parameterised postgres.js templates on the pool it is handed (it runs on a replica too), never drizzle.
  {
    files: ["geo/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: ["drizzle-orm"], patterns: [{ group: ["**/app/**"], message: "geo/ and db/ never import app/: move what both need into core/." }, { group: ["drizzle-orm/*"], message: "geo/ queries are postgres.js templates (docs/decisions/0301)." }] }],
    },
  },
  // One query style per layer (docs/decisions/0301): route modules write no SQL and read no raw form;
  // app/<domain>/*.server.ts and geo/ do.
  {
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: ["drizzle-orm", "postgres"], patterns: [{ group: ["**/db/**", "drizzle-orm/*"], message: "Route modules do not query the database: call a service in app/<domain>/*.server.ts." }] }],
      "no-restricted-syntax": [
        "error",
        UNSAFE_SQL,
        { selector: "TaggedTemplateExpression[tag.callee.name='sql'], TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.name='db']", message: "No SQL in route modules: call a service in app/<domain>/*.server.ts (a route may hand the pool, sql(), to one)." },
        { selector: "CallExpression[callee.property.name='formData']", message: "Read a form with readForm (app/auth/forms.server.ts): it checks the body's type, size and encoding." },
      ],
    },
  },
);
