// pg-boss's SQL in the caller's Prisma transaction.
/** Runs SQL in the caller's transaction, so a job is queued if and only if that transaction commits. */
export interface SqlInTransaction {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's SQL in a Prisma transaction: a job is queued if and only if that transaction commits. */
export const sqlIn = (tx: {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}): SqlInTransaction => ({
  executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
});
