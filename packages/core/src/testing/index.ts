// For tests only: setting up and inspecting rows directly, past the door.
// Apps enter a workspace through door.ts (actAs, asOperator), never this way.
export { runInWorkspace } from "../db/scoped.ts";
