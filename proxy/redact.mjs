// What of a server's configuration, and of an error, may be quoted: reasons
// reach the model (in `available_sources`) and the logs.

/**
 * `text` with the credentials of the URLs in it left out: their user and
 * password, and the values of their query (`?token=...`).
 * @param {string} text
 * @returns {string}
 */
export function redacted(text) {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1***@")
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*[?&][^\s#]*)/gi, (url) => url.replace(/([?&][^=&\s#]*=)[^&\s#]*/g, "$1***"));
}

/**
 * What a thrown value says: its `message` when it has one, else the value
 * itself (as `${error?.message ?? error}` reads it).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  const message = error !== null && typeof error === "object" && "message" in error ? error.message : undefined;
  return String(message ?? error);
}
