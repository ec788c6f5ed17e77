import { z } from "zod";

const databaseUrl = z
  .string({ required_error: "DATABASE_URL is not set. Run through `npm start`, or set it to postgres://user:password@host:5432/database" })
  .url("DATABASE_URL is not a valid URL. Use the form postgres://user:password@host:5432/database")
  .refine((value) => /^postgres(ql)?:\/\//.test(value), "DATABASE_URL must start with postgres:// or postgresql://");

/** DATABASE_URL for command-line tools; a bad value stops with one line. */
export function databaseUrlFromEnv(): string {
  const parsed = databaseUrl.safeParse(process.env.DATABASE_URL);
  if (!parsed.success) exitWithMessage(parsed.error.issues[0].message);
  return parsed.data;
}

export function exitWithMessage(message: string): never {
  process.stderr.write(`\u001b[31m✖ ${message}\u001b[0m\n`);
  process.exit(1);
}
