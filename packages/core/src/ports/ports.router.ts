import { z } from "zod";
import { procedure, router } from "../trpc.ts";
import { openPortGroupSchema } from "./ports.schemas.ts";
import { openPorts } from "./ports.service.ts";

export const portsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/ports",
        tags: ["Open ports"],
        summary: "Open-port issues grouped by port",
        description: "Open and in-progress issues only, by port ascending.",
      },
      scope: "issues:read",
      kind: "read",
    })
    .input(z.object({}))
    .output(z.array(openPortGroupSchema))
    .query(({ ctx }) => openPorts(ctx)),
});
