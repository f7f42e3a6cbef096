// How tRPC values cross the wire between the dashboard and the procedures:
// superjson keeps Dates (and Maps, Sets, bigints) as they are. Both ends must
// use this one; its own entry point (`@ems/core/transformer`) keeps the
// browser bundle free of the rest of core. REST does not use it: the OpenAPI
// adapter writes plain JSON, so dates go out as ISO strings there.
export { default as transformer } from "superjson";
