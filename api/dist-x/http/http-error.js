/** An error with an HTTP status whose message the client may see (never used for 5xx details). */
export class HttpError extends Error {
    statusCode;
    errors;
    constructor(statusCode, message, errors) {
        super(message);
        this.statusCode = statusCode;
        this.errors = errors;
        this.name = 'HttpError';
    }
}
export const badRequest = (message, errors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const forbidden = (message) => new HttpError(403, message);
export const notFound = (message) => new HttpError(404, message);
export const conflict = (message) => new HttpError(409, message);
//# sourceMappingURL=http-error.js.map