import { AppError } from "../../core/errors";

/** The AppError `work` rejects with; anything else (a resolve, another error) fails the test. */
export async function appErrorOf(work: Promise<unknown>): Promise<AppError> {
  const error: unknown = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
