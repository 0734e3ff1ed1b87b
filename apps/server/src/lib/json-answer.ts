/**
 * An answer the database wrote as JSON text, in the contract's shape (ADR 0018, JSON written by
 * the database): sent as it is, rather than read into objects only to be checked, copied and
 * written out again. For large reads, where those copies are most of what a request allocates.
 * Services make it, and lib/route.ts sends it.
 */
export class JsonAnswer {
  constructor(readonly text: string) {}
}
