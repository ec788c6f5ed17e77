export * from "./geo";
export * from "./listings";
export * from "./meta";
export * from "./users";
