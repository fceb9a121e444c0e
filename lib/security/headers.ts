// Request headers proxy.ts sets for the app. Client-safe constants (no runtime imports).
export const REQUEST_ID_HEADER = 'x-request-id';
export const NONCE_HEADER = 'x-nonce';
/** Path + query of the page request, so requireUser() can build /login?callbackUrl=… in a server component. */
export const CONSOLE_PATH_HEADER = 'x-console-path';
