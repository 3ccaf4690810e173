/**
 * The first part of the key of every query the admin's screens make: invalidating it refreshes all of them, as a
 * change to students or batches does. Each query's whole key is in its queryOptions factory, next to its API call.
 */
export const adminKey = ['admin'] as const;
/** The student's home: joining a class (schedule) refreshes it. */
export const homeKey = ['my-home'] as const;
