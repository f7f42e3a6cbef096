/** What the product calls a person: their name, or their email when they gave none. */
export const displayName = (u: { email: string; firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;
