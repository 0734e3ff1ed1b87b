/**
 * A refusal RFC 4918 or RFC 4791 names a precondition for: answered with its status and a
 * DAV:error body naming the element (routes.ts).
 */
export class DavPrecondition extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 412 | 415,
    readonly ns: string,
    readonly element: string,
  ) {
    super(element);
  }
}

/** A refusal with a status and a sentence and no precondition element (412, 405). */
export class DavRefusal extends Error {
  constructor(
    readonly status: 405 | 412,
    message: string,
  ) {
    super(message);
  }
}
