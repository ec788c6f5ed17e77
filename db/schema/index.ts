export * from "./geo";
export * from "./listings";
export * from "./meta";
export * from "./users";
export * from "./favourites";
export * from "./galleries";
export * from "./reviews";
