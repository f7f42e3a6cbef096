// Path ids: digits only, 1..9007199254740991 (the spec's range). Ids past
// PostgreSQL's int4 cannot exist; the scoped client turns them into misses.
import { z } from "zod";

export const idParam = (name = "id") =>
  z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const s = String(v);
      if (!/^\d{1,16}$/.test(s) || Number(s) < 1 || Number(s) > Number.MAX_SAFE_INTEGER) {
        ctx.addIssue({ code: "custom", message: `${name} must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}` });
        return z.NEVER;
      }
      return Number(s);
    })
    // The transform above is the check; the document states it (a string id is 1 to 16 digits).
    .meta({ description: `integer, 1 to ${Number.MAX_SAFE_INTEGER}`, maxLength: 16, pattern: "^[0-9]{1,16}$" });

export const idInput = z.object({ id: idParam() });
