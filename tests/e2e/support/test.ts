// The account tests' old import path: the one base fixture is ../fixtures.ts (decision 0311).
export { expect, test } from "../fixtures";
