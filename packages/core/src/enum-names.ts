// Prisma enum names are identifiers (in_progress, read_only, api_key); the API
// speaks the dashed values the database stores (in-progress, read-only, api-key).
type Dashed<T extends string> = T extends `${infer A}_${infer B}` ? `${A}-${Dashed<B>}` : T;

export const dashed = <T extends string>(v: T) => v.replaceAll("_", "-") as Dashed<T>;
export const undashed = <T extends string>(v: string) => v.replaceAll("-", "_") as T;
