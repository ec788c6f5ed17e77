import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Unicode passwords are compared in one normal form, so the same typed password always matches. */
function normalise(password: string): string {
  return password.normalize("NFKC");
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalise(password), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash (unknown email, or an account without a password) a dummy
 * hash is checked instead, so the answer takes as long either way.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not a real password, only here to take the same time");
    await verify(await dummyHash, normalise(password)).catch(() => false);
    return false;
  }
  return verify(storedHash, normalise(password)).catch(() => false);
}
